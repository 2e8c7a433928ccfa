import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { sessionMachine } from '../../src/machines/app/session.machine.ts';
import { mirrorAreaCookie } from '../../src/machines/area-cookie/index.ts';

describe("the area's cookie copy follows the session (decision 066)", () => {
  it('is written at start and on each change of the area only, and cleared when the session forgets it', () => {
    const session = createActor(sessionMachine, { input: { ageGateVerified: true, zipcode: '10001', location: 101 } }).start();
    const written: string[] = [];
    mirrorAreaCookie(session, (assignment) => written.push(assignment));
    expect(written).toEqual(['mf_area=10001.101.; Path=/; SameSite=Lax; Max-Age=31536000']);

    // Another value of the session: nothing written.
    session.send({ type: 'session.update', values: { cart_id: 'c1' } });
    expect(written).toHaveLength(1);

    session.send({ type: 'session.update', values: { zipcode: '60601', location: 103, couriertype: 'pickup' } });
    session.send({ type: 'session.logout' });
    expect(written.slice(1)).toEqual([
      'mf_area=60601.103.pickup; Path=/; SameSite=Lax; Max-Age=31536000',
      'mf_area=; Path=/; SameSite=Lax; Max-Age=0',
    ]);
  });

  it('a refused cookie changes nothing for the session', () => {
    const session = createActor(sessionMachine, { input: { zipcode: '10001', location: 101 } }).start();
    mirrorAreaCookie(session, () => {
      throw new Error('cookies are disabled');
    });
    session.send({ type: 'session.forget', keys: ['zipcode', 'location'] });
    expect(session.getSnapshot().context.zipcode).toBeUndefined();
  });
});
