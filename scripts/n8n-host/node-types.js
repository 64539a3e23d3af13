'use strict';
/** The node types an instance loaded: from the type files n8n writes at start, and as the editor reads them. */

const fs = require('fs');
const path = require('path');

const { delay, readJson } = require('./util');
const { ceiling } = require('../machine');

/**
 * What n8n loaded from the package (read from the type files n8n writes at start):
 * { loaded, packageName, nodeTypes, credentialTypes, missingCredentialTypes }. Needs one start().
 */
function packageLoaded(instance) {
	const typesDir = path.join(instance.userFolder, '.cache', 'n8n', 'public', 'types');
	const nodesFile = path.join(typesDir, 'nodes.json');
	if (!instance.editor)
		throw new Error(
			'packageLoaded() reads the type files n8n writes for its editor: create the instance with editor: true.',
		);
	if (!fs.existsSync(nodesFile))
		throw new Error(`packageLoaded(): ${nodesFile} is missing: start() the instance first.`);
	const nodes = readJson(nodesFile);
	const credentials = readJson(path.join(typesDir, 'credentials.json'));
	const ours = nodes.filter((node) => String(node.name).startsWith(`${instance.packageName}.`));
	const nodeTypes = [...new Set(ours.map((node) => node.name))];
	const wanted = [
		...new Set(
			ours.flatMap((node) => (node.credentials || []).map((credential) => credential.name)),
		),
	];
	const known = new Set(credentials.map((credential) => credential.name));
	return {
		loaded: nodeTypes.length > 0,
		packageName: instance.packageName,
		nodeTypes,
		credentialTypes: wanted.filter((name) => known.has(name)),
		missingCredentialTypes: wanted.filter((name) => !known.has(name)),
	};
}

/**
 * The node types the editor loads (GET /types/nodes.json, as `cookie`'s user). n8n 1.x rewrites that
 * file in place without waiting for the write (FrontendService.writeStaticJSON, not awaited), after
 * each package install or uninstall, which it answers first: a read just after gets the old file or
 * the part written so far (seen under load: invalid JSON at 12.5 of 13 MB). So this reads again
 * until the answer is whole JSON and `until(types)` holds; after timeoutMs it returns the last whole
 * answer, for the caller's assertions to show, or throws when none was whole. (n8n 2.x awaits the write.)
 */
async function editorNodeTypes(
	instance,
	cookie,
	{ until = () => true, timeoutMs = ceiling(60000) } = {},
) {
	const deadline = Date.now() + timeoutMs;
	let lastWhole;
	for (;;) {
		const answer = await instance.rest('GET', '/types/nodes.json', { cookie });
		if (answer.status === 200 && Array.isArray(answer.json)) {
			if (until(answer.json)) return answer.json;
			lastWhole = answer.json;
		}
		if (Date.now() > deadline) {
			if (lastWhole) return lastWhole;
			throw new Error(
				`GET /types/nodes.json: no whole JSON within ${timeoutMs} ms (last: HTTP ${answer.status}, ${answer.text.length} characters)`,
			);
		}
		await delay(500);
	}
}

/**
 * The descriptions the editor asks for when it opens a workflow (POST /rest/node-types, as `cookie`'s
 * user), one {name, version} at a time: null where n8n has no such type or version (it answers an error
 * for the whole request then). Needs no editor: the REST route is there without N8N_DISABLE_UI's assets.
 */
async function nodeTypeDescriptions(instance, cookie, nodeInfos) {
	const descriptions = [];
	for (const { name, version } of nodeInfos) {
		const answer = await instance.rest('POST', '/rest/node-types', {
			cookie,
			body: { nodeInfos: [{ name, version }] },
		});
		const [description] = answer.status === 200 ? (answer.json?.data ?? []) : [];
		descriptions.push(description ?? null);
	}
	return descriptions;
}

module.exports = { packageLoaded, editorNodeTypes, nodeTypeDescriptions };
