'use strict';
/** Free TCP ports on 127.0.0.1, and whether a port is free again. */

const fs = require('fs');
const net = require('net');

/**
 * Where ports are picked: below the kernel's ephemeral range, which outgoing connections draw their
 * local ports from. A port picked from inside it (the port-0 trick) could be taken by any outgoing
 * connection between the pick and the server's own listen, and the suites run side by side making
 * thousands of loopback connections. Random picks keep parallel workers apart.
 */
function pickRange() {
	let ephemeralLow = 32768;
	try {
		ephemeralLow =
			Number(
				fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
			) || ephemeralLow;
	} catch {
		// Not Linux: the IANA ephemeral range starts at 49152; 32768 is below it too.
	}
	const high = Math.min(ephemeralLow, 32768);
	return { low: Math.max(1024, high - 12000), high };
}

function listen(port) {
	return new Promise((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(undefined));
		server.listen(port, '127.0.0.1', () => resolve(server));
	});
}

/** `count` distinct free TCP ports on 127.0.0.1 (each held open until all are found, so they differ). */
async function freePorts(count) {
	const { low, high } = pickRange();
	const servers = [];
	try {
		for (let tries = 0; servers.length < count; tries++) {
			if (tries > 1000) throw new Error(`no free port found on 127.0.0.1 in ${low}–${high - 1}`);
			const server = await listen(low + Math.floor(Math.random() * (high - low)));
			if (server) servers.push(server);
		}
		return servers.map((server) => server.address().port);
	} finally {
		await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
	}
}

/** True when nothing accepts connections on 127.0.0.1:port. */
function portIsFree(port) {
	return new Promise((resolve) => {
		const socket = net.connect({ host: '127.0.0.1', port });
		socket.once('connect', () => {
			socket.destroy();
			resolve(false);
		});
		socket.once('error', () => resolve(true));
	});
}

module.exports = { freePorts, portIsFree };
