/**
 * triggers/ — layer 0. What the webhook and the polling trigger show alike: the Events picker and the
 * options they share. Imports nothing of nodes/shared; the two trigger nodes import it, through this file.
 */

export * from './fields';
