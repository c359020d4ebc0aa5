// Run by the server build (build.mjs): writes dist/database-template.tar (see database-template.ts).
import { databaseTemplatePath } from '../seed/database-template';
import { writeDatabaseTemplate } from '../seed/write-database-template';

await writeDatabaseTemplate();
console.log(`database template written to ${databaseTemplatePath}`);
