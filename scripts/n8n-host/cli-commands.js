'use strict';
/** The n8n CLI of one instance: `n8n <command>` in its own process, and the commands built on it (import, execute). */

const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');

const { stripAnsi, tail, randomId } = require('./util');
const { freePorts } = require('./ports');
const { trackGroup, untrackGroup, killGroup } = require('./processes');
const { parseRawOutput } = require('./runs');
const { ceiling } = require('../machine');

/**
 * Runs `n8n <args>` for this instance (own task-broker port, so it may run beside `n8n start`).
 * Resolves { code, stdout, stderr }; output is also appended to <userFolder>/n8n-cli.log.
 */
async function runCli(instance, args, { timeoutMs = ceiling(180000) } = {}) {
	const [brokerPort] = await freePorts(1);
	return await new Promise((resolve, reject) => {
		const child = spawn(instance.node.path, [instance.n8nBin, ...args], {
			cwd: instance.userFolder,
			env: instance.n8nEnv(brokerPort),
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		});
		trackGroup(child.pid);
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => (stdout += chunk));
		child.stderr.on('data', (chunk) => (stderr += chunk));
		const timer = setTimeout(() => killGroup(child.pid), timeoutMs);
		child.on('error', (error) => {
			clearTimeout(timer);
			reject(error);
		});
		child.on('close', (code, signal) => {
			clearTimeout(timer);
			killGroup(child.pid);
			untrackGroup(child.pid);
			fs.appendFileSync(
				instance.cliLogFile,
				`\n$ n8n ${args.join(' ')}  [exit ${code}${signal ? ` ${signal}` : ''}]\n${stripAnsi(stdout)}${stripAnsi(stderr)}`,
			);
			if (signal === 'SIGKILL' && code === null) {
				reject(
					new Error(
						`n8n ${args.join(' ')} timed out after ${timeoutMs} ms\n${tail(stdout + stderr)}`,
					),
				);
			} else {
				resolve({
					code: code === null ? 1 : code,
					stdout: stripAnsi(stdout),
					stderr: stripAnsi(stderr),
				});
			}
		});
	});
}

async function cliOrThrow(instance, args, options) {
	const result = await runCli(instance, args, options);
	if (result.code !== 0)
		throw new Error(
			`n8n ${args.join(' ')} failed (exit ${result.code}):\n${tail(result.stdout + result.stderr)}`,
		);
	return result;
}

/**
 * Imports credentials: [{ id?, name, type, data: { plain fields } }] (`data` encrypted on import)
 * with `n8n import:credentials` (n8n stopped), missing ids generated. Resolves the credentials with their ids.
 */
async function importCredentialsByCli(instance, credentials) {
	const list = credentials.map((credential) => ({ id: randomId(), ...credential }));
	const dir = path.join(instance.userFolder, 'import');
	fs.mkdirSync(dir, { recursive: true });
	const file = path.join(dir, `credentials-${++instance._importCount}.json`);
	fs.writeFileSync(file, JSON.stringify(list, null, 2));
	const result = await cliOrThrow(instance, ['import:credentials', `--input=${file}`]);
	if (!/Successfully imported/.test(result.stdout + result.stderr)) {
		throw new Error(
			`n8n import:credentials did not report success:\n${tail(result.stdout + result.stderr)}`,
		);
	}
	return list;
}

/**
 * Imports workflows (n8n JSON: { id?, name, nodes, connections, settings? }), inactive (see
 * publishWorkflow), with `n8n import:workflow` (n8n stopped), missing ids generated. Resolves the workflows with ids.
 */
async function importWorkflowsByCli(instance, workflows) {
	const list = workflows.map((workflow) => ({
		id: randomId(),
		active: false,
		settings: {},
		connections: {},
		...workflow,
	}));
	const dir = path.join(instance.userFolder, 'import', `workflows-${++instance._importCount}`);
	fs.mkdirSync(dir, { recursive: true });
	for (const workflow of list)
		fs.writeFileSync(path.join(dir, `${workflow.id}.json`), JSON.stringify(workflow, null, 2));
	const result = await cliOrThrow(instance, ['import:workflow', '--separate', `--input=${dir}`]);
	const output = result.stdout + result.stderr;
	const match = /Successfully imported (\d+) workflow/.exec(output);
	if (!match || Number(match[1]) !== list.length) {
		throw new Error(
			`n8n import:workflow imported ${match ? match[1] : 'no'} of ${list.length} workflows:\n${tail(output)}`,
		);
	}
	return list;
}

/**
 * Runs a workflow with `n8n execute --id --rawOutput` in its own process (works whether or not
 * `n8n start` runs). Resolves the run n8n printed ({ data: { resultData: { runData } }, status, … });
 * use itemsOf(result, 'Node name'). Rejects when the execution failed, with n8n's output.
 */
async function executeByCli(instance, workflowId, { timeoutMs = ceiling(180000) } = {}) {
	const result = await runCli(instance, ['execute', `--id=${workflowId}`, '--rawOutput'], {
		timeoutMs,
	});
	const parsed = parseRawOutput(result.stdout);
	// The printed run is the outcome. The CLI has been seen to exit 1 now and then during its own
	// teardown, after printing a successful, finished run; that run is still returned.
	const succeeded =
		parsed !== undefined &&
		!parsed.data?.resultData?.error &&
		parsed.status === 'success' &&
		parsed.finished === true;
	if (!succeeded && (result.code !== 0 || parsed === undefined)) {
		const error = new Error(
			`n8n execute --id=${workflowId} failed (exit ${result.code}):\n${tail(result.stdout + result.stderr)}`,
		);
		error.output = result.stdout + result.stderr;
		throw error;
	}
	return parsed;
}

module.exports = { runCli, cliOrThrow, importCredentialsByCli, importWorkflowsByCli, executeByCli };
