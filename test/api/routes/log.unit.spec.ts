import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { logRoutes } from '../../../api/transparency/routes.ts';
import type { RouteDeps } from '../../helpers/routeDeps.ts';
import { call, mount, routeDeps, signedIn } from '../../helpers/routeDeps.ts';

let deps: RouteDeps;
beforeEach(async () => {
  deps = await routeDeps();
});
afterEach(() => deps.close());

type Failure = { error: { code: string; message: string } };

describe('logRoutes', () => {
  it('serves the key, a signed head, and inclusion and consistency proofs', async () => {
    const { key, heads } = deps.transparency;
    const app = mount(deps, '/api/log', logRoutes(deps, heads, key));
    const published = await call<{ verifier_key: string }>(app, 'GET', '/api/log/key');
    expect(published.body.verifier_key).toBe(key.verifierKey);

    // Each member is four events: the email claimed, registered, access granted, a session.
    await signedIn(deps);
    await signedIn(deps);
    const head = await call<{ tree_size: number; checkpoint: string }>(app, 'GET', '/api/log/head');
    expect(head.status).toBe(200);
    expect(head.body.tree_size).toBe(8);
    expect(head.body.checkpoint).toContain('test.vetrideals.in/log');
    expect((await call(app, 'GET', '/api/log/heads/8')).status).toBe(200);

    const proof = await call<{ leaf_index: number; tree_size: number; audit_path: string[] }>(
      app,
      'GET',
      '/api/log/proof/inclusion?position=2&tree_size=8',
    );
    expect(proof.body).toMatchObject({ leaf_index: 1, tree_size: 8 });
    expect(proof.body.audit_path.length).toBeGreaterThan(0);
    const consistency = await call<{ proof: string[] }>(app, 'GET', '/api/log/proof/consistency?from=3&to=8');
    expect(consistency.body.proof.length).toBeGreaterThan(0);

    const backwards = await call<Failure>(app, 'GET', '/api/log/proof/consistency?from=8&to=3');
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.code).toBe('BAD_RANGE');
    const unknownHead = await call<Failure>(app, 'GET', '/api/log/heads/5');
    expect(unknownHead.body.error.code).toBe('HEAD_NOT_FOUND');
  });
});
