'use strict';
/**
 * Test-only, never published: the cheapest webhook trigger a community package can have. It emits
 * the posted form as one item (no credential, no static data, no verification), so the benchmark
 * can tell n8n's cost of running any community trigger from this package's own cost.
 * Loaded through N8N_CUSTOM_EXTENSIONS as `CUSTOM.benchFloorTrigger`.
 */
class BenchFloorTrigger {
	constructor() {
		this.description = {
			displayName: 'Bench Floor Trigger',
			name: 'benchFloorTrigger',
			group: ['trigger'],
			version: 1,
			description: 'Emits the posted body as one item (benchmark floor)',
			defaults: { name: 'Bench Floor Trigger' },
			inputs: [],
			outputs: ['main'],
			webhooks: [
				{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'floor' },
			],
			properties: [],
		};
	}

	async webhook() {
		return { workflowData: [[{ json: this.getBodyData() }]] };
	}
}

module.exports = { BenchFloorTrigger };
