/** The metaservices' answers as vottur reads them: both spellings, and nothing a hostile server names that walks out of a folder. */
import { describe, expect, it } from 'vitest';
import {
  isIdentifierSegment,
  parseServiceName,
  parseSubsystemId,
  readClientList,
  readServiceList,
  serviceName,
  serviceVersion,
} from '../../src/catalogue/xroad.js';

const SUBSYSTEM = { instance: 'IS', memberClass: 'GOV', memberCode: '1', subsystemCode: 'a' };

describe('the X-Road metaservices', () => {
  it('reads clients and services in snake_case and camelCase alike', () => {
    const snake = readClientList({
      member: [
        {
          id: {
            member_class: 'GOV',
            member_code: '1',
            subsystem_code: 'a',
            object_type: 'SUBSYSTEM',
            xroad_instance: 'IS',
          },
          name: 'A',
          subsystem_name: 'Aa',
        },
      ],
    });
    const camel = readClientList({
      member: [
        {
          id: { memberClass: 'GOV', memberCode: '1', subsystemCode: 'a', objectType: 'SUBSYSTEM', xRoadInstance: 'IS' },
          name: 'A',
          subsystemName: 'Aa',
        },
      ],
    });
    expect(camel).toEqual(snake);
    expect(snake.clients[0]).toEqual({
      id: { instance: 'IS', memberClass: 'GOV', memberCode: '1', subsystemCode: 'a', objectType: 'SUBSYSTEM' },
      name: 'A',
      subsystemName: 'Aa',
    });
    const services = readServiceList(
      {
        service: [
          { service_code: 's-v1', service_type: 'OPENAPI', endpoint_list: [{ method: 'GET', path: '/v1/x' }] },
          { serviceCode: 't-v2', serviceType: 'REST', endpointList: [{ method: 'POST', path: '/v2/y' }] },
        ],
      },
      SUBSYSTEM,
    );
    expect(services.services.map((s) => [s.serviceCode, s.serviceType, s.endpoints])).toEqual([
      ['s-v1', 'OPENAPI', [{ method: 'GET', path: '/v1/x' }]],
      ['t-v2', 'REST', [{ method: 'POST', path: '/v2/y' }]],
    ]);
  });

  it('leaves out service codes that are not identifiers (they become file names), and says the answer is not a list', () => {
    const { services, rejected } = readServiceList(
      {
        service: [
          { service_code: '../../etc/passwd', service_type: 'OPENAPI' },
          { service_code: 'a/b', service_type: 'OPENAPI' },
          { service_code: 'ok-v1', service_type: 'OPENAPI' },
          { service_code: 'x', service_type: 'GRAPHQL' },
        ],
      },
      SUBSYSTEM,
    );
    expect(services.map((s) => s.serviceCode)).toEqual(['ok-v1']);
    expect(rejected.map((r) => r.reason)).toEqual([
      expect.stringContaining('a character X-Road does not allow'),
      expect.stringContaining('a character X-Road does not allow'),
      expect.stringContaining('"GRAPHQL" is none of OPENAPI, REST, WSDL'),
    ]);
    expect(
      readClientList({
        member: [
          { id: { member_class: '..', member_code: '1', xroad_instance: 'IS', object_type: 'MEMBER' } },
          {
            id: {
              member_class: 'GOV',
              member_code: '1',
              subsystem_code: '../x',
              xroad_instance: 'IS',
              object_type: 'SUBSYSTEM',
            },
          },
        ],
      }),
    ).toMatchObject({
      clients: [],
      rejected: [{ identifier: '["IS","GOV","1","../x"]' }],
    });
    expect(() => readServiceList({ services: [] }, SUBSYSTEM)).toThrow(/neither a "service" nor a "member" list/);
    expect(() => readClientList([])).toThrow(/no "member" list/);
  });

  it("reads listMethods in PR-MREST Annex A's shape: a member list, objectType an object, endpointList.member", () => {
    const annexA = readServiceList(
      {
        member: [
          {
            objectType: { object_type: 'SERVICE' },
            serviceType: 'OPENAPI',
            xRoadInstance: 'IS',
            memberClass: 'GOV',
            memberCode: '1',
            subsystemCode: 'a',
            serviceCode: 's-v1',
            serviceVersion: '1',
            endpointList: {
              member: [
                { method: 'GET', path: '/v1/x' },
                { method: 'POST', path: '/v1/y' },
              ],
            },
          },
          { objectType: { object_type: 'SERVICE' }, serviceType: 'WSDL', serviceCode: 'getPerson' },
        ],
      },
      SUBSYSTEM,
    );
    expect(annexA.rejected).toEqual([]);
    expect(annexA.services.map((s) => [s.serviceCode, s.serviceType, s.endpoints])).toEqual([
      [
        's-v1',
        'OPENAPI',
        [
          { method: 'GET', path: '/v1/x' },
          { method: 'POST', path: '/v1/y' },
        ],
      ],
      ['getPerson', 'WSDL', []],
    ]);
    // Annex B's shape, as the examples write it, reads the same.
    const annexB = readServiceList(
      {
        service: [
          {
            object_type: 'SERVICE',
            service_type: 'OPENAPI',
            xroad_instance: 'IS',
            member_class: 'GOV',
            member_code: '1',
            subsystem_code: 'a',
            service_code: 's-v1',
            endpoint_list: [
              { method: 'GET', path: '/v1/x' },
              { method: 'POST', path: '/v1/y' },
            ],
          },
          { object_type: 'SERVICE', service_type: 'WSDL', service_code: 'getPerson' },
        ],
      },
      SUBSYSTEM,
    );
    expect(annexB).toEqual(annexA);
  });

  it('takes only valid X-Road codes as identifiers: no separator, control character, "..", or name of a harvest file as an instance', () => {
    for (const code of ['user-profile-v2', 'getPerson_v1', "a'b(c)+d,e.f=g?h", '5402696029', 'IS-DEV'])
      expect(isIdentifierSegment(code), code).toBe(true);
    for (const code of [
      '',
      '..',
      'a..b',
      '.hidden',
      'a/b',
      'a\\b',
      'a b',
      'a\u001b[2J',
      'a\u202eb',
      'a:b',
      'a%2f',
      'x'.repeat(256),
    ])
      expect(isIdentifierSegment(code), JSON.stringify(code)).toBe(false);
    for (const name of ['harvest.json', 'HARVEST.JSON', 'catalogue.html', 'catalogue.json', 'harvest.json.tmp'])
      expect(isIdentifierSegment(name, 'instance'), name).toBe(false);
    expect(isIdentifierSegment('harvest.json')).toBe(true);
  });

  it('names services, and reads the major version of a service code', () => {
    const name = serviceName({ ...SUBSYSTEM, serviceCode: 'user-profile-v2' });
    expect(name).toBe('xroad://IS/GOV/1/a/user-profile-v2');
    expect(parseServiceName(name)).toEqual({ ...SUBSYSTEM, serviceCode: 'user-profile-v2' });
    expect(parseServiceName('apis/users.yaml')).toBeUndefined();
    expect(serviceVersion('user-profile-v2')).toEqual({ base: 'user-profile', major: 2 });
    expect(serviceVersion('vehicles')).toEqual({ base: 'vehicles' });
    expect(serviceVersion('v1')).toEqual({ base: 'v1' });
    expect(() => parseSubsystemId('IS/GOV/1/../x')).toThrow(/INSTANCE\/CLASS\/MEMBER\/SUBSYSTEM/);
  });
});
