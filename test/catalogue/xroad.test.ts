/** The metaservices' answers as vottur reads them: both spellings, and nothing a hostile server names that walks out of a folder. */
import { describe, expect, it } from 'vitest';
import {
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
    const { services, skipped } = readServiceList(
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
    expect(skipped).toBe(3);
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
    ).toEqual({ clients: [], skipped: 2 });
    expect(() => readServiceList({ services: [] }, SUBSYSTEM)).toThrow(/no "service" list/);
    expect(() => readClientList([])).toThrow(/no "member" list/);
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
