/**
 * compat/ — layer 0. Values kept in the package because older n8n-workflow releases lack them (README,
 * Compatibility). Imports nothing of nodes/shared; any folder or node may import it, through this file.
 */

export * from './hostCompat';
