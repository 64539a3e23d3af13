'use strict';
/** The REST calls of an n8n instance, and the owner account that makes its editor open on a login page. */

const path = require('path');

/** Methods a client may send again when the connection fails before an answer (RFC 9110 §9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** fetch() against an n8n REST API: { status, json (undefined when not JSON), text, cookie (the session cookie set, if any) }. */
async function restRequest(baseUrl, method, urlPath, { body, cookie } = {}) {
	const send = () =>
		fetch(`${baseUrl}${urlPath}`, {
			method,
			headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
	let response;
	try {
		response = await send();
	} catch (error) {
		// A kept-alive connection that n8n closed as the request went out ("other side closed",
		// ECONNRESET; seen on a loaded machine): an idempotent request goes again on a new connection,
		// as browsers do. Anything else, and a second failure, is the caller's.
		const code = error?.cause?.code;
		if (!IDEMPOTENT.has(method) || !['UND_ERR_SOCKET', 'ECONNRESET'].includes(code)) throw error;
		response = await send();
	}
	const text = await response.text();
	let json;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	const setCookie = response.headers.get('set-cookie');
	return {
		status: response.status,
		json,
		text,
		cookie: setCookie ? setCookie.split(';')[0] : undefined,
	};
}

/**
 * Makes sure an owner with these credentials exists on an N8nHostInstance, so the editor opens on a
 * login page instead of the sign-up wall. Running: `POST /rest/owner/setup` (or, when an owner exists, a
 * login check); resolves { email, password, cookie }. Stopped: provisions the owner at the next start():
 * from the environment on 2.x (N8N_INSTANCE_OWNER_MANAGED_BY_ENV with a bcrypt hash), through the REST
 * call right after start-up on 1.x (it has no such variables). Password: 8+ characters with a digit and
 * an upper-case letter.
 */
async function ensureOwner(
	instance,
	{
		email = 'owner@example.com',
		password = 'Owner-pass-1',
		firstName = 'Dev',
		lastName = 'Owner',
	} = {},
) {
	// The owner the harness signs in as for its own REST calls (rest-setup.js).
	instance.owner = { email, password, firstName, lastName };
	if (!instance.isRunning() && !instance.host.ownerFromEnv) {
		instance.pendingOwner = { email, password, firstName, lastName };
		return { email, password, appliesAtNextStart: true };
	}
	if (!instance.isRunning()) {
		const { HOST_MODULES } = instance.paths;
		const bcrypt = require(
			require.resolve('bcryptjs', { paths: [path.join(HOST_MODULES, 'n8n'), HOST_MODULES] }),
		);
		instance.ownerEnv = {
			N8N_INSTANCE_OWNER_MANAGED_BY_ENV: 'true',
			N8N_INSTANCE_OWNER_EMAIL: email,
			N8N_INSTANCE_OWNER_FIRST_NAME: firstName,
			N8N_INSTANCE_OWNER_LAST_NAME: lastName,
			N8N_INSTANCE_OWNER_PASSWORD_HASH: bcrypt.hashSync(password, 10),
		};
		return { email, password, appliesAtNextStart: true };
	}
	const setup = await instance.rest('POST', '/rest/owner/setup', {
		body: { email, password, firstName, lastName },
	});
	if (setup.status === 200) return { email, password, cookie: setup.cookie, created: true };
	// `email` is what n8n before about 1.70 reads (the compatibility releases); later ones read emailOrLdapLoginId.
	const login = await instance.rest('POST', '/rest/login', {
		body: { emailOrLdapLoginId: email, email, password },
	});
	if (login.status === 200) return { email, password, cookie: login.cookie, created: false };
	throw new Error(
		`ensureOwner(): owner setup answered ${setup.status} (${setup.text.slice(0, 300)}), login ${login.status} (${login.text.slice(0, 300)})`,
	);
}

module.exports = { restRequest, ensureOwner };
