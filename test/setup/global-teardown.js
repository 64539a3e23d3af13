const { stopSharedInstances } = require('../../scripts/n8n-host.js');

/** Stops the run's shared n8n instances (global-setup.js) and removes their folder. */
module.exports = async () => {
	await stopSharedInstances(process.env.N8N_SHARED_HOSTS_DIR);
};
