'use strict';
/** Free TCP ports on 127.0.0.1, and whether a port is free again. */

const net = require('net');

/** Free TCP ports on 127.0.0.1 (port 0 trick; all held open together so they differ). */
async function freePorts(count) {
	const servers = [];
	try {
		for (let i = 0; i < count; i++) {
			const server = net.createServer();
			await new Promise((resolve, reject) => {
				server.once('error', reject);
				server.listen(0, '127.0.0.1', resolve);
			});
			servers.push(server);
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
