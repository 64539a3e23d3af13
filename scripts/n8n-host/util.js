'use strict';
/** Small helpers shared by the host modules: timing, log text, hashing, JSON files, ids. */

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

module.exports = { delay, within, stripAnsi, tail, sha256, readJson, randomId };
