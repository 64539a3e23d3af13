/**
 * callbacks/ — layer 2. What the service sends back: spec 6.6 signatures (signature, also the
 * sandbox's signer), reading and verifying a callback (callbacks: every receiver uses it), and n8n's
 * wait for one (waiting: resume URL, wait limit, what a waiting execution keeps). May import
 * credentials/ and compat/; the nodes import it, through this file. transport/ does not import it.
 */

export * from './callbacks';
export * from './signature';
export * from './waiting';
