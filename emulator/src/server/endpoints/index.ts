/** Every built-in endpoint; a new one is a module in this folder and a line here. */
import type { AppCheck } from '../../app-check/index.js';
import type { Engine } from '../../engine/index.js';
import type { Triggers } from '../../triggers/index.js';
import type { RulesSource } from '../database-sources.js';
import { appCheckEndpoints } from './app-check.js';
import { clearDatabaseEndpoint } from './data.js';
import { exportEndpoints } from './export.js';
import { createEndpointRouter } from './router.js';
import { securityRulesEndpoint } from './rules.js';
import { okEndpoint, statsEndpoint, type LiveCounts } from './status.js';
import { triggerEndpoints } from './triggers.js';

export { CORS_HEADERS, EndpointError, sendEndpointError } from './router.js';

/** What the endpoints act on. */
export interface EndpointContext {
  engine: Engine;
  rules: RulesSource;
  live: LiveCounts;
  triggers: Triggers;
  appCheck: AppCheck;
}

/** The router over every built-in endpoint. */
export function builtinEndpoints(ctx: EndpointContext) {
  return createEndpointRouter([
    okEndpoint,
    statsEndpoint(ctx.engine, ctx.live),
    clearDatabaseEndpoint(ctx.engine),
    securityRulesEndpoint(ctx.rules),
    ...triggerEndpoints(ctx.triggers),
    ...appCheckEndpoints(ctx.appCheck),
    ...exportEndpoints(ctx.engine),
  ]);
}
