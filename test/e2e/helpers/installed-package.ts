/**
 * The package as the registry suite handles it outside n8n: a next version to update to, the files an
 * install left, and the README's by-hand install commands.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join, relative } from 'path';

import { fencedBlocks, readDoc, sectionOf } from '../../harness/docs';
import { runOrThrow, type PackedPackage } from '../../harness/package-tarball';

/**
 * The same package as the next patch version (repacked from the unpacked files: no second build), in
 * a folder of its own (the packed package is only read); dispose() removes it.
 */
export function packNextVersion(packed: PackedPackage): {
	tarball: string;
	version: string;
	dispose(): void;
} {
	const [major, minor, patch] = packed.version.split('.').map(Number);
	const version = `${major}.${minor}.${patch + 1}`;
	const workDir = mkdtempSync(join(tmpdir(), 'fax-service-next-'));
	const dir = join(workDir, 'package');
	cpSync(packed.unpackedDir, dir, { recursive: true });
	const packageJsonFile = join(dir, 'package.json');
	writeFileSync(
		packageJsonFile,
		JSON.stringify({ ...JSON.parse(readFileSync(packageJsonFile, 'utf8')), version }, null, 2),
	);
	runOrThrow('npm', ['pack', '--pack-destination', workDir], { cwd: dir });
	return {
		tarball: join(workDir, `${packed.name}-${version}.tgz`),
		version,
		dispose: () => rmSync(workDir, { recursive: true, force: true }),
	};
}

/** Every file under a folder (relative paths), and every symbolic link in it. */
export function walk(root: string): { files: string[]; links: string[] } {
	const files: string[] = [];
	const links: string[] = [];
	const visit = (dir: string) => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const full = join(dir, entry.name);
			if (entry.isSymbolicLink()) links.push(relative(root, full));
			else if (entry.isDirectory()) visit(full);
			else files.push(relative(root, full));
		}
	};
	visit(root);
	return { files: files.sort(), links };
}

/** The README's by-hand install commands (the bash block under "Installation" → "By hand"), one per line. */
export function readmeInstallCommands(): string[] {
	const [block] = fencedBlocks(sectionOf(readDoc('README.md'), 'By hand'), 'bash');
	if (!block) throw new Error('README.md: no bash block under "Installation" → "By hand"');
	return block
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line.startsWith('npm '));
}
