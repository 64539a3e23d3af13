/**
 * credentials/ — layer 0. The faxServiceApi credential as the nodes read it: its fields, which key
 * authenticates, key redaction, short-lived reuse for callback bursts. Imports nothing of nodes/shared;
 * every other folder and node may import it, through this file.
 */

export * from './credentials';
