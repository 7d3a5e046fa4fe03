/**
 * Where a schema sits in an operation: the prefix of its checks' ids. Its own module because the
 * diff tree of a description names it, and the check catalogue (which registers checks over that
 * tree) names it too.
 */
export type SchemaScope = 'request-parameter' | 'request-body' | 'response-body' | 'response-header';
