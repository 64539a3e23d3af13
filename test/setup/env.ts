import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

// n8n-core reads its user folder (instance settings, binary data) from here: never the real ~/.n8n.
if (!process.env.N8N_USER_FOLDER?.startsWith(tmpdir())) {
	process.env.N8N_USER_FOLDER = mkdtempSync(join(tmpdir(), 'fax-service-n8n-'));
}
process.env.N8N_LOG_LEVEL ??= 'silent';
