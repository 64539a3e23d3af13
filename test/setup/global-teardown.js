const { rmSync } = require('fs');

const { stopSharedInstances } = require('../../scripts/n8n-host.js');

/** Stops the run's shared n8n instances (global-setup.js) and removes the run's folders. */
module.exports = async () => {
	await stopSharedInstances(process.env.N8N_SHARED_HOSTS_DIR);
	for (const dir of [process.env.FAX_SERVICE_PACKED_DIR, process.env.FAX_SERVICE_RUN_NOTES])
		if (dir) rmSync(dir, { recursive: true, force: true });
};
