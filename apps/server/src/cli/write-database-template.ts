// Run by the server build (build.mjs): writes dist/database-template.tar (see database-template.ts).
import { databaseTemplatePath, writeDatabaseTemplate } from '../seed/database-template';

await writeDatabaseTemplate();
console.log(`database template written to ${databaseTemplatePath}`);
