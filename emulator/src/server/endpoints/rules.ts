/** `PUT /emulator/v1/projects/{p}:securityRules`: a project's own rules (rules-unit-testing). */
import type { RulesSource } from '../database-sources.js';
import { EndpointError, readJsonBody, sendEndpointJson, type BuiltinEndpoint } from './router.js';

interface RulesBody {
  rules?: { files?: { name?: string; content?: string }[] };
}

export function securityRulesEndpoint(rules: RulesSource): BuiltinEndpoint {
  return {
    method: 'PUT',
    path: /^\/emulator\/v1\/projects\/([^/]+):securityRules$/,
    async handle({ req, res, params: [projectId] }) {
      const body = (await readJsonBody(req)) as RulesBody | null;
      const file = body?.rules?.files?.[0];
      if (!file || typeof file.content !== 'string')
        throw new EndpointError(400, 'INVALID_ARGUMENT', 'Expected rules.files[0].content.');
      const errors = rules.setProjectRules(projectId, file.content, file.name ?? 'firestore.rules');
      if (errors !== undefined) throw new EndpointError(400, 'INVALID_ARGUMENT', errors);
      sendEndpointJson(res, 200, {});
    },
  };
}
