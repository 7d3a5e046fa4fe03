/**
 * The reference service's fault table, part 1 of 2 (the fault table's even places; the
 * other part in reference-faults-2.test.ts, so the two spread over both workers): see reference-faults.ts.
 */
import { describeFaults, faultsOfPart } from './reference-faults.js';

describeFaults(faultsOfPart(0));
