/** `DELETE /emulator/v1/projects/{p}/databases/{d}/documents`: clears a database (rules-unit-testing). */
import type { Engine } from '../../engine/index.js';
import { sendEndpointJson, type BuiltinEndpoint } from './router.js';

export function clearDatabaseEndpoint(engine: Engine): BuiltinEndpoint {
  return {
    method: 'DELETE',
    path: /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents\/?$/,
    async handle({ res, params: [projectId, databaseId] }) {
      await engine.clear({ projectId, databaseId });
      sendEndpointJson(res, 200, {});
    },
  };
}
