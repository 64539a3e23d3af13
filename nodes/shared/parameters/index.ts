/**
 * parameters/ — layer 2. What the panels of several nodes show alike, and how those values are read:
 * the triggers' Events picker and options (events), n8n's collections and record pickers
 * (collections), the fax lists' filters (filters), an Output option's choices (outputModes), and a
 * collection's entries as the service's fields, each checked by its kind (optionalFields). May import
 * validation/ and records/; the nodes import it, through this file.
 */

export * from './collections';
export * from './events';
export * from './filters';
export * from './optionalFields';
export * from './outputModes';
