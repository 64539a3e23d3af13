'use strict';
/** n8n's process groups (all killed when this process exits) and the supervisor that runs `n8n start`. */
// The supervisor (scripts/n8n-host.js __supervise) stops n8n (SIGTERM, then SIGKILL to the whole group)
// when its control pipe closes, i.e. when the process that started it ends in any way, even SIGKILL:
// nothing is left behind.

const fs = require('fs');
const { spawn } = require('child_process');

const { within } = require('./util');

const { ENTRY } = require('./paths');

const liveGroups = new Set();
let exitHookInstalled = false;
function trackGroup(pid) {
	liveGroups.add(pid);
	if (!exitHookInstalled) {
		exitHookInstalled = true;
		process.on('exit', () => {
			for (const group of liveGroups) {
				try {
					process.kill(-group, 'SIGKILL');
				} catch {
					// already gone
				}
			}
		});
	}
}
function untrackGroup(pid) {
	liveGroups.delete(pid);
}
function killGroup(pid, signal = 'SIGKILL') {
	try {
		process.kill(-pid, signal);
	} catch {
		// already gone
	}
}

/**
 * Starts the supervisor of `node <args>` in its own, tracked process group; `env` is the environment
 * of both. config: { args, cwd, log (file that gets n8n's output), graceMs, command? (the program to
 * supervise instead of `node`, e.g. a database server), stopSignal? (default SIGTERM) }. Its stdin is
 * the control pipe.
 */
function spawnSupervised(node, config, env) {
	env.N8N_HOST_SUPERVISE = JSON.stringify({ node, ...config });
	const proc = spawn(node, [ENTRY, '__supervise'], {
		cwd: config.cwd,
		env,
		stdio: ['pipe', 'ignore', 'ignore'],
		detached: true,
	});
	proc.stdin.on('error', () => {});
	trackGroup(proc.pid);
	return proc;
}

/**
 * Stops a supervised process: closes its control pipe (the supervisor stops it gently), waits up to
 * timeoutMs for it to exit, then kills what is left of its group. `exited`: a promise of its exit.
 */
async function stopSupervised(proc, exited, timeoutMs) {
	if (proc.exitCode === null && proc.signalCode === null) {
		proc.stdin.end();
		await within(exited, timeoutMs);
	}
	killGroup(proc.pid);
	await within(exited, 5000);
	untrackGroup(proc.pid);
}

/** The supervisor itself (`__supervise`, configured by N8N_HOST_SUPERVISE). */
function superviseMain() {
	const config = JSON.parse(process.env.N8N_HOST_SUPERVISE);
	delete process.env.N8N_HOST_SUPERVISE;
	const out = fs.openSync(config.log, 'a');
	const note = (text) => fs.writeSync(out, `[n8n-host] ${new Date().toISOString()} ${text}\n`);
	const child = spawn(config.command || config.node, config.args, {
		cwd: config.cwd,
		env: process.env,
		stdio: ['ignore', out, out],
	});
	note(`supervisor ${process.pid} started n8n pid ${child.pid}: ${config.args.join(' ')}`);
	let stopping = false;
	const shutdown = (why) => {
		if (stopping) return;
		stopping = true;
		note(`stopping n8n (${why})`);
		child.kill(config.stopSignal || 'SIGTERM');
		setTimeout(() => {
			note(`n8n did not stop within ${config.graceMs} ms: SIGKILL to the process group`);
			process.kill(-process.pid, 'SIGKILL');
		}, config.graceMs).unref();
	};
	process.stdin.on('end', () => shutdown('control pipe closed'));
	process.stdin.on('error', () => shutdown('control pipe error'));
	process.stdin.resume();
	for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(signal, () => shutdown(signal));
	child.on('exit', (code, signal) => {
		note(`n8n exited (code ${code}, signal ${signal})`);
		fs.closeSync(out);
		// Whatever n8n left in the group (its task runner) goes with us.
		process.kill(-process.pid, 'SIGKILL');
	});
}

module.exports = {
	trackGroup,
	untrackGroup,
	killGroup,
	spawnSupervised,
	stopSupervised,
	superviseMain,
};
