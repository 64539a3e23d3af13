/**
 * validation/ — layer 1. One validator per kind of value a user types (numbers, ids, dates, e-mail,
 * URLs, files), each naming the field and the item. May import pdf/ (what a file is: its one rule);
 * the nodes and parameters/ import it, through this file.
 */

export * from './validation';
