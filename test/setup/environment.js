'use strict';
const { TestEnvironment } = require('jest-environment-node');
const { Agent, setGlobalDispatcher } = require('undici');

/**
 * jest's Node environment, with fetch opening a new connection for each request (the suites' fetch is
 * Node's own, which this dispatcher drives). Over a kept-alive connection, a request sent as the server
 * closes it for idleness fails with "other side closed": Node's HTTP server (n8n's, the sandbox's) closes
 * after 5 s, fetch stops reusing after 3 s by its own coarse timer, and a worker stalled for a moment on
 * the loaded 2-core machine reuses it late (seen in full runs: GETs to n8n's REST API, a POST to a
 * webhook). A request that may create something cannot be sent again, so no connection is reused; on
 * loopback a new one costs next to nothing.
 */
setGlobalDispatcher(new Agent({ pipelining: 0 }));

module.exports = TestEnvironment;
