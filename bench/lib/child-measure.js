'use strict';
/**
 * What a measured child process of the bench (letter-child.js, packet-child.js) does with its unit of
 * work, and prints as one JSON line:
 *
 *   time      the first run, then `runs` more (ms each)
 *   memory    one run between two readings of VmHWM, the heap and arrayBuffers (no gc before the second:
 *             the growth counts what the run allocated, garbage included)
 *   baseline  the same readings with no run: what loading the module costs
 *
 * `work()` (may be async) returns { pages, bytes } and, to have it written to `outFile` after a memory
 * run, the `pdf`.
 */

const fs = require('fs');
const { performance } = require('perf_hooks');

/** VmHWM (peak RSS) and VmRSS of this process, in bytes. */
function vm() {
	const text = fs.readFileSync('/proc/self/status', 'utf8');
	const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)[1]) * 1024;
	return { hwm: field('VmHWM'), rss: field('VmRSS') };
}

async function measure(mode, { runs, outFile }, work) {
	let result;
	if (mode === 'time') {
		const times = [];
		let done;
		for (let run = 0; run <= runs; run++) {
			const started = performance.now();
			done = await work();
			times.push(performance.now() - started);
		}
		result = { firstMs: times[0], laterMs: times.slice(1), pages: done.pages, bytes: done.bytes };
	} else if (mode === 'memory' || mode === 'baseline') {
		global.gc();
		const before = { ...process.memoryUsage(), ...vm() };
		const done = mode === 'memory' ? await work() : { pages: 0, bytes: 0 };
		const after = { ...process.memoryUsage(), ...vm() };
		if (done.pdf && outFile) fs.writeFileSync(outFile, done.pdf);
		result = {
			peakRssBytes: after.hwm,
			peakRssBeforeBytes: before.hwm,
			heapUsedGrowthBytes: after.heapUsed - before.heapUsed,
			arrayBuffersGrowthBytes: after.arrayBuffers - before.arrayBuffers,
			pages: done.pages,
			bytes: done.bytes,
		};
	} else {
		throw new Error(`unknown mode ${mode}`);
	}
	process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** Runs `measure` as the process's main, exiting 1 with the stack on an error. */
function measureMain(mode, options, work) {
	measure(mode, options, work).catch((error) => {
		process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
		process.exit(1);
	});
}

module.exports = { measureMain };
