'use strict';
/**
 * n8n's community-package installer, driven through the REST calls its editor makes (Settings →
 * Community Nodes: Install, Update, Uninstall; n8n's CommunityPackagesController, the same on 1.x and 2.x):
 *   POST /rest/community-packages { name, version? }, PATCH /rest/community-packages { name, version? },
 *   DELETE /rest/community-packages?name=…, GET /rest/community-packages.
 *
 * A registry other than registry.npmjs.org (N8N_COMMUNITY_PACKAGES_REGISTRY) is a licensed feature of
 * n8n (feat:communityNodes:customRegistry): without it the installer refuses before it calls npm. An
 * instance created with `communityPackagesRegistry` runs with E2E_TESTS=true, n8n's own switch for its
 * end-to-end tests, and after start-up turns that one feature on through n8n's test controller
 * (PATCH /rest/e2e/feature), as n8n's own Playwright suite does; nothing else of the install path differs.
 */

const CUSTOM_REGISTRY_FEATURE = 'feat:communityNodes:customRegistry';

/** The environment of an n8n that installs community packages from `registryUrl` (see above). */
function customRegistryEnv(registryUrl) {
	return {
		N8N_COMMUNITY_PACKAGES_REGISTRY: registryUrl,
		// What n8n runs besides its installer (`npm outdated` for the update check) asks the same registry.
		npm_config_registry: `${registryUrl}/`,
		E2E_TESTS: 'true',
	};
}

/** Turns the custom-registry feature on in a running instance started with customRegistryEnv(). */
async function allowCustomRegistry(instance) {
	const response = await instance.rest('PATCH', '/rest/e2e/feature', {
		body: { feature: CUSTOM_REGISTRY_FEATURE, enabled: true },
	});
	if (response.status !== 200)
		throw new Error(
			`PATCH /rest/e2e/feature answered ${response.status}: ${response.text.slice(0, 300)}`,
		);
}

/** Throws with n8n's answer unless the call succeeded; resolves its `data`. */
function dataOf(what, response) {
	if (response.status !== 200)
		throw new Error(`${what} answered ${response.status}: ${response.text.slice(0, 1000)}`);
	return response.json?.data;
}

async function installCommunityPackage(instance, cookie, name, version) {
	return dataOf(
		`install ${name}`,
		await instance.rest('POST', '/rest/community-packages', {
			cookie,
			body: version ? { name, version } : { name },
		}),
	);
}

async function updateCommunityPackage(instance, cookie, name, version) {
	return dataOf(
		`update ${name}`,
		await instance.rest('PATCH', '/rest/community-packages', {
			cookie,
			body: version ? { name, version } : { name },
		}),
	);
}

async function uninstallCommunityPackage(instance, cookie, name) {
	return dataOf(
		`uninstall ${name}`,
		await instance.rest('DELETE', `/rest/community-packages?name=${encodeURIComponent(name)}`, {
			cookie,
		}),
	);
}

async function listCommunityPackages(instance, cookie) {
	return dataOf(
		'list community packages',
		await instance.rest('GET', '/rest/community-packages', { cookie }),
	);
}

module.exports = {
	CUSTOM_REGISTRY_FEATURE,
	customRegistryEnv,
	allowCustomRegistry,
	installCommunityPackage,
	updateCommunityPackage,
	uninstallCommunityPackage,
	listCommunityPackages,
};
