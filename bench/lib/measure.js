'use strict';
/**
 * Measuring helpers for the benchmarks: process memory from /proc (Linux), `n8n execute` with its
 * peak memory sampled while it runs, the peak RSS of a command-line tool, a fixed-concurrency HTTP
 * load generator and small statistics.
 */

const fs = require('fs');
const http = require('http');
const { spawn, spawnSync } = require('child_process');
const { setInterval, clearInterval } = require('timers');
const { performance } = require('perf_hooks');

const host = require('../../scripts/n8n-host');

/** { VmRSS, VmHWM } of a process in bytes, or null once it is gone. */
function procMemory(pid) {
	let text;
	try {
		text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
	} catch {
		return null;
	}
	const field = (name) => {
		const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text);
		return match ? Number(match[1]) * 1024 : null;
	};
	return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** Pids whose parent is `pid` (scans /proc; no need for CONFIG_PROC_CHILDREN). */
function childPids(pid) {
	const children = [];
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
			// pid (comm) state ppid ...: comm may contain spaces, so split after the last ')'.
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			if (ppid === pid) children.push(Number(entry));
		} catch {
			// gone meanwhile
		}
	}
	return children;
}

/**
 * The pid of the `n8n start` process of a running host instance: the instance's process is a
 * supervisor (scripts/n8n-host.js) whose only child is n8n.
 */
function n8nServerPid(instance) {
	if (!instance.proc) throw new Error('n8n is not running');
	const [pid] = childPids(instance.proc.pid);
	if (!pid) throw new Error(`no n8n process under supervisor ${instance.proc.pid}`);
	return pid;
}

const liveGroups = new Set();
process.on('exit', () => {
	for (const pid of liveGroups) {
		try {
			process.kill(-pid, 'SIGKILL');
		} catch {
			// gone
		}
	}
});

/**
 * `n8n execute --id --rawOutput` of a host instance, spawned like the instance's own cli() (same
 * binary, cwd and environment, own task-broker port), with VmHWM of the n8n process sampled every
 * `sampleMs` while it runs. Resolves { run, peakRssBytes, wallMs }; rejects when it fails.
 */
async function executeMeasured(instance, workflowId, { timeoutMs = 180000, sampleMs = 50 } = {}) {
	const [brokerPort] = await host.freePorts(1);
	const args = [instance.n8nBin, 'execute', `--id=${workflowId}`, '--rawOutput'];
	const started = performance.now();
	const child = spawn(instance.node.path, args, {
		cwd: instance.userFolder,
		env: instance.n8nEnv(brokerPort),
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true, // own process group: the task runner it starts goes with it
	});
	liveGroups.add(child.pid);
	let peak = 0;
	const sample = () => {
		const memory = procMemory(child.pid);
		if (memory && memory.hwm > peak) peak = memory.hwm;
	};
	const sampler = setInterval(sample, sampleMs);
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (chunk) => (stdout += chunk));
	child.stderr.on('data', (chunk) => (stderr += chunk));
	const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), timeoutMs);
	const { code, signal } = await new Promise((resolve, reject) => {
		child.on('error', reject);
		child.on('close', (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal }));
	}).finally(() => {
		clearInterval(sampler);
		clearTimeout(timer);
		try {
			process.kill(-child.pid, 'SIGKILL');
		} catch {
			// already gone
		}
		liveGroups.delete(child.pid);
	});
	const wallMs = performance.now() - started;
	fs.appendFileSync(
		instance.cliLogFile,
		`\n$ n8n execute --id=${workflowId} (bench) [exit ${code}${signal ? ` ${signal}` : ''}]\n${stdout}${stderr}`,
	);
	const run = host.parseRawOutput(stdout);
	if (code !== 0 || run === undefined) {
		throw new Error(
			`n8n execute --id=${workflowId} failed (exit ${code}, signal ${signal}); see ${instance.cliLogFile}\n${(stdout + stderr).slice(-3000)}`,
		);
	}
	return { run, peakRssBytes: peak, wallMs };
}

/**
 * A command's peak RSS (qpdf, img2pdf: whole processes): GNU time's "Maximum resident set size" when
 * /usr/bin/time is there, else VmHWM of /proc/<pid>/status sampled every 5 ms. { peakRssBytes, how }.
 */
function processPeakRss(command, args) {
	const run = (file, list) =>
		spawnSync(file, list, { encoding: 'utf8', timeout: 300000, maxBuffer: 1 << 26 });
	if (fs.existsSync('/usr/bin/time')) {
		const timed = run('/usr/bin/time', ['-v', command, ...args]);
		const kB = /Maximum resident set size \(kbytes\): (\d+)/.exec(timed.stderr);
		if (timed.status === 0 && kB)
			return { peakRssBytes: Number(kB[1]) * 1024, how: '/usr/bin/time -v' };
	}
	const script = `"$0" "$@" & pid=$!; peak=0; while kill -0 $pid 2>/dev/null; do v=$(awk '/VmHWM/ {print $2}' /proc/$pid/status 2>/dev/null); [ -n "$v" ] && peak=$v; sleep 0.005; done; echo $peak`;
	return {
		peakRssBytes: Number(run('bash', ['-c', script, command, ...args]).stdout.trim()) * 1024,
		how: 'VmHWM sampled every 5 ms',
	};
}

/** The `message` of a JSON error answer (n8n's include a stack trace), else the start of the text. */
function messageOf(text) {
	try {
		return String(JSON.parse(text).message);
	} catch {
		return text.slice(0, 200);
	}
}

/**
 * POSTs every request of `requests` ({ url, headers, body }) with `concurrency` requests in flight
 * (keep-alive connections). Resolves { elapsedMs, latenciesMs, statuses: { code: count }, failures }.
 */
async function runLoad(requests, { concurrency }) {
	const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
	const latenciesMs = [];
	const statuses = {};
	const failures = [];
	let next = 0;
	const post = (request) =>
		new Promise((resolve) => {
			const t0 = performance.now();
			const req = http.request(
				request.url,
				{
					method: 'POST',
					agent,
					headers: { ...request.headers, 'content-length': Buffer.byteLength(request.body) },
				},
				(res) => {
					let text = '';
					res.setEncoding('utf8');
					res.on('data', (chunk) => (text += chunk));
					res.on('end', () => {
						latenciesMs.push(performance.now() - t0);
						statuses[res.statusCode] = (statuses[res.statusCode] || 0) + 1;
						if (res.statusCode >= 300 && failures.length < 5)
							failures.push(`${res.statusCode} ${messageOf(text)}`);
						resolve();
					});
				},
			);
			req.on('error', (error) => {
				statuses.error = (statuses.error || 0) + 1;
				if (failures.length < 5) failures.push(error.message);
				resolve();
			});
			req.end(request.body);
		});
	const worker = async () => {
		while (next < requests.length) await post(requests[next++]);
	};
	const started = performance.now();
	await Promise.all(Array.from({ length: concurrency }, worker));
	const elapsedMs = performance.now() - started;
	agent.destroy();
	return { elapsedMs, latenciesMs, statuses, failures };
}

/** Nearest-rank percentile (p in 0..100) of numbers. */
function percentile(values, p) {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const median = (values) => {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

module.exports = {
	procMemory,
	childPids,
	n8nServerPid,
	executeMeasured,
	processPeakRss,
	runLoad,
	percentile,
	median,
};
