const { rmSync } = require('fs');

const { stopSharedInstances } = require('../../scripts/n8n-host.js');

/** Stops the run's shared n8n instances (global-setup.js) and removes their folder and the packed package's. */
module.exports = async () => {
	await stopSharedInstances(process.env.N8N_SHARED_HOSTS_DIR);
	if (process.env.FAX_SERVICE_PACKED_DIR)
		rmSync(process.env.FAX_SERVICE_PACKED_DIR, { recursive: true, force: true });
};
