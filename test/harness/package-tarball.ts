/**
 * The package as npm publishes it: a copy of the checkout's files (tracked and new, without what git
 * ignores) in a temp folder, built there with `npm run build`, then `npm pack`ed and unpacked. The
 * checkout's own dist/ is never touched (suites running beside this one load it). In a jest run, the
 * suites that need it share one build (runPackedPackage).
 */
import { spawnSync } from 'child_process';
import {
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	symlinkSync,
	writeFileSync,
} from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';

export const REPO_ROOT = join(__dirname, '..', '..');

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { withLock } = require(join(REPO_ROOT, 'scripts', 'n8n-host', 'util.js')) as {
	withLock: <T>(lockDir: string, work: () => Promise<T>) => Promise<T>;
};

export interface PackedPackage {
	name: string;
	version: string;
	/** the .tgz npm pack wrote */
	tarball: string;
	/** the paths npm put in it, relative to the package root (npm pack --json) */
	files: string[];
	/** the tarball unpacked (what n8n's installer unpacks into nodes/node_modules/<name>) */
	unpackedDir: string;
	/** the temp folder holding the build copy, the tarball and the unpacked package */
	workDir: string;
	dispose(): void;
}

/** Runs a command to completion; throws with its output when it fails. */
export function runOrThrow(
	command: string,
	args: string[],
	options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): string {
	const result = spawnSync(command, args, {
		cwd: options.cwd,
		env: options.env ?? process.env,
		encoding: 'utf8',
		timeout: options.timeoutMs ?? 300_000,
	});
	if (result.status !== 0) {
		throw new Error(
			`${command} ${args.join(' ')} (in ${options.cwd}) failed: exit ${result.status}${result.signal ? `, ${result.signal}` : ''}\n${result.stdout}\n${result.stderr}`,
		);
	}
	return result.stdout;
}

/** The checkout's files as git sees them: tracked, and new but not ignored (node_modules, dist/ and the n8n hosts are not). */
function checkoutFiles(): string[] {
	const listed = runOrThrow(
		'git',
		['ls-files', '--cached', '--others', '--exclude-standard', '-z'],
		{ cwd: REPO_ROOT },
	);
	return listed.split('\0').filter(Boolean);
}

/** Builds and packs a clean copy of the checkout, in a new folder of `parentDir`. */
export function packPackage({ parentDir = tmpdir() }: { parentDir?: string } = {}): PackedPackage {
	const workDir = mkdtempSync(join(parentDir, 'fax-service-pack-'));
	try {
		const buildDir = join(workDir, 'checkout');
		for (const file of checkoutFiles()) {
			const target = join(buildDir, file);
			mkdirSync(dirname(target), { recursive: true });
			try {
				cpSync(join(REPO_ROOT, file), target);
			} catch (error) {
				// A tracked file deleted in the working tree is not part of the build.
				if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
			}
		}
		// The build's tools (tsc, gulp) and the types it compiles against.
		symlinkSync(join(REPO_ROOT, 'node_modules'), join(buildDir, 'node_modules'), 'dir');
		const packageJson = JSON.parse(readFileSync(join(buildDir, 'package.json'), 'utf8')) as {
			name: string;
			version: string;
		};
		const env = {
			...process.env,
			npm_config_update_notifier: 'false',
			npm_config_fund: 'false',
			npm_config_audit: 'false',
		};
		runOrThrow('npm', ['run', 'build'], { cwd: buildDir, env });
		const packOutput = runOrThrow('npm', ['pack', '--json', '--pack-destination', workDir], {
			cwd: buildDir,
			env,
		});
		const [packed] = JSON.parse(packOutput) as Array<{
			filename: string;
			files: Array<{ path: string }>;
		}>;
		const tarball = join(workDir, packed.filename);
		const unpackedDir = join(workDir, 'unpacked');
		mkdirSync(unpackedDir);
		runOrThrow('tar', ['-xzf', tarball, '-C', unpackedDir, '--strip-components=1'], {
			cwd: workDir,
		});
		return {
			name: packageJson.name,
			version: packageJson.version,
			tarball,
			files: packed.files.map((file) => file.path).sort(),
			unpackedDir,
			workDir,
			dispose: () => rmSync(workDir, { recursive: true, force: true }),
		};
	} catch (error) {
		rmSync(workDir, { recursive: true, force: true });
		throw error;
	}
}

/**
 * The package packed once for the whole jest run: the first suite to ask builds it (packPackage) in
 * the run's FAX_SERVICE_PACKED_DIR (test/setup/global-setup.js), the others wait for it and read it,
 * and the global teardown removes it (its dispose() does nothing). Its users only read its files.
 * Outside such a run, a package of the caller's own.
 */
export async function runPackedPackage(): Promise<PackedPackage> {
	const runDir = process.env.FAX_SERVICE_PACKED_DIR;
	if (!runDir) return packPackage();
	const noteFile = join(runDir, 'packed.json');
	return await withLock(join(runDir, 'packing.lock'), async () => {
		if (!existsSync(noteFile)) {
			// JSON leaves dispose() out: the run's teardown removes the package.
			writeFileSync(noteFile, JSON.stringify(packPackage({ parentDir: runDir })));
		}
		const packed = JSON.parse(readFileSync(noteFile, 'utf8')) as Omit<PackedPackage, 'dispose'>;
		return { ...packed, dispose: () => undefined };
	});
}
