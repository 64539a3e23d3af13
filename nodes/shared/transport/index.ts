/**
 * transport/ — layer 2. Every request to the service and what comes back: the one request helper
 * (apiRequest), one try on the wire (send), when a try is repeated (retryPolicy), what creations came
 * to under Retry On Fail (creations), the answer shapes the spec promises (answers), service and
 * network failures as NodeApiErrors (errors), redirects, Return All / Limit (paging), multipart
 * uploads, and secure-link downloads with their address policy (download, linkPolicy). May import
 * execution/ and credentials/; the nodes import it, through this file. callbacks/ does not import it,
 * nor it callbacks/.
 */

export * from './answers';
export * from './apiRequest';
export * from './download';
export * from './errors';
export * from './linkPolicy';
export * from './multipart';
export * from './paging';
export * from './redirects';
export * from './request';
