'use strict';
/**
 * Saving credentials and workflows into a running n8n and publishing them, through the REST calls the
 * editor makes, signed in as the instance's owner. Each `n8n import:*` / `publish:workflow` is a whole
 * n8n boot (5 s of a core when quiet, 10–20 s on a loaded machine), so a suite that starts n8n first
 * sets itself up this way in a fraction of that. Stopped instances still go through the CLI (instance.js).
 */

/** The REST answer's payload: n8n wraps it in `{ data }`. */
function payload(response, what) {
	if (response.status !== 200)
		throw new Error(`${what} answered ${response.status}: ${response.text.slice(0, 1000)}`);
	const json = response.json;
	return json && typeof json === 'object' && 'data' in json ? json.data : json;
}

/** The owner's session cookie, signed in once per start (ensureOwner: the owner a suite asked for, else the default one). */
async function ownerCookie(instance) {
	if (!instance.restCookie) {
		const { cookie } = await instance.ensureOwner(instance.owner);
		if (!cookie) throw new Error('rest-setup: signing in as the owner gave no session cookie');
		instance.restCookie = cookie;
	}
	return instance.restCookie;
}

/** POST /rest/credentials for each ({ name, type, data: plain fields }); n8n encrypts them. Resolves them with n8n's ids. */
async function createCredentials(instance, credentials) {
	const cookie = await ownerCookie(instance);
	const created = [];
	for (const credential of credentials) {
		if (credential.id !== undefined)
			throw new Error(
				`rest-setup: n8n chooses a credential's id over REST; "${credential.name}" asks for ${credential.id}: import it before start()`,
			);
		const { name, type, data } = credential;
		const saved = payload(
			await instance.rest('POST', '/rest/credentials', { cookie, body: { name, type, data } }),
			`POST /rest/credentials (${name})`,
		);
		created.push({ ...credential, id: String(saved.id) });
	}
	return created;
}

/** POST /rest/workflows for each (saved inactive, as the editor saves); resolves them with n8n's ids and version ids. */
async function createWorkflows(instance, workflows) {
	const cookie = await ownerCookie(instance);
	const created = [];
	for (const workflow of workflows) {
		if (workflow.id !== undefined)
			throw new Error(
				`rest-setup: n8n 1.x chooses a workflow's id over REST; "${workflow.name}" asks for ${workflow.id}: import it before start()`,
			);
		const { name, nodes, connections = {}, settings = {}, pinData, staticData } = workflow;
		const body = {
			name,
			nodes,
			connections,
			settings,
			active: false,
			...(pinData ? { pinData } : {}),
			...(staticData ? { staticData } : {}),
		};
		const saved = payload(
			await instance.rest('POST', '/rest/workflows', { cookie, body }),
			`POST /rest/workflows (${name})`,
		);
		created.push({ ...workflow, id: String(saved.id), versionId: saved.versionId });
		instance.shared?.workflowIds.add(String(saved.id));
	}
	return created;
}

/** Publishes a saved workflow's current version (Publish on 2.x, the Active toggle on 1.x) and waits until it is activated. */
async function publishWorkflow(instance, workflowId) {
	const cookie = await ownerCookie(instance);
	const saved = payload(
		await instance.rest('GET', `/rest/workflows/${workflowId}`, { cookie }),
		`GET /rest/workflows/${workflowId}`,
	);
	await instance.activateWorkflow(workflowId, { cookie, versionId: saved.versionId });
}

module.exports = { createCredentials, createWorkflows, publishWorkflow, ownerCookie, payload };
