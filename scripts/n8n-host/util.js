'use strict';
/** Small helpers shared by the host modules: timing, log text, hashing, JSON files, ids, a folder lock. */

const fs = require('fs');
const crypto = require('crypto');

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Resolves with the promise's value, or `undefined` after ms; leaves no timer behind. */
const within = (promise, ms) => {
	let timer;
	return Promise.race([
		promise,
		new Promise((resolve) => (timer = setTimeout(resolve, ms))),
	]).finally(() => clearTimeout(timer));
};
// eslint-disable-next-line no-control-regex
const stripAnsi = (text) => String(text).replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
const tail = (text, chars = 6000) => {
	const clean = stripAnsi(text);
	return clean.length > chars ? `…${clean.slice(-chars)}` : clean;
};
const sha256 = (buffer) => crypto.createHash('sha256').update(buffer).digest('hex');
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

function randomId(length = 16) {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	const bytes = crypto.randomBytes(length);
	let id = '';
	for (let i = 0; i < length; i++) id += alphabet[bytes[i] % alphabet.length];
	return id;
}

/**
 * Runs `work` holding `lockDir` (made with mkdir: atomic across processes, e.g. jest workers); a lock
 * older than 3 minutes was left by a process that died and is taken over.
 */
async function withLock(lockDir, work) {
	const until = Date.now() + 180000;
	for (;;) {
		try {
			fs.mkdirSync(lockDir);
			break;
		} catch (error) {
			if (error.code !== 'EEXIST') throw error;
			// A lock older than 3 minutes was left by a process that died.
			const age = Date.now() - fs.statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs;
			if (age > 180000) fs.rmSync(lockDir, { recursive: true, force: true });
			else if (Date.now() > until) throw new Error(`${lockDir} stayed locked for 3 minutes`);
			else await new Promise((resolve) => setTimeout(resolve, 250));
		}
	}
	try {
		return await work();
	} finally {
		fs.rmSync(lockDir, { recursive: true, force: true });
	}
}

/** Whether a process with this id exists (signal 0 checks without sending). */
function processIsAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
}

module.exports = {
	delay,
	within,
	stripAnsi,
	tail,
	sha256,
	readJson,
	randomId,
	withLock,
	processIsAlive,
};
