import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { workspacePath } from '../src/config/paths';

/** Where the machines' API types live: integrators' and the project's own typed client. */
export const machineApiTypesPath = workspacePath('packages/contract/src/machine-api/v1.ts');

/**
 * The TypeScript types of the machines' document (/api/v1/openapi.json), as openapi-typescript
 * writes them, formatted as the repository is: the committed file must be exactly this text.
 */
export async function machineApiTypes(document: unknown): Promise<string> {
  const nodes = await openapiTS(document as Parameters<typeof openapiTS>[0], {
    rootTypes: true,
    rootTypesNoSchemaPrefix: true,
  });
  const header = `${COMMENT_HEADER.trimEnd()}\n// Written by \`npm run generate:api-client\` from /api/v1/openapi.json.\n\n`;
  const text = `${header}${astToString(nodes)}`;
  const config = await resolveConfig(machineApiTypesPath);
  return format(text, { ...config, filepath: machineApiTypesPath });
}
