import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The alert rules in deploy/prometheus (docs/decisions/043-monitoring-and-backups.md): valid for Prometheus (`promtool check
 * rules`), doing what alerts.test.yml says with its histories (`promtool test rules`), and about
 * metrics the site exports. promtool is Debian's `prometheus` package (.ci/run installs it).
 */
const DIR = new URL('../deploy/prometheus/', import.meta.url).pathname;
const promtool = spawnSync('promtool', ['--version']).status === 0 ? 'promtool' : undefined;
const sources = ['../src/server/metrics.ts', '../src/runtime/observability.mjs'].map((path) => readFileSync(new URL(path, import.meta.url), 'utf8')).join('\n');

describe('Prometheus alert rules', () => {
  it('name only metrics the site exports (and Prometheus\'s own `up`)', () => {
    const rules = readFileSync(`${DIR}alerts.yml`, 'utf8');
    const named = new Set(rules.match(/\bepcsu_[a-z_]+/g));
    expect(named.size).toBeGreaterThanOrEqual(8);
    for (const name of named) expect(sources, name).toContain(`'${name}'`);
  });

  it('has a Grafana dashboard of the same series (deploy/grafana/epcsu.json)', () => {
    const rules = new Set(readFileSync(`${DIR}alerts.yml`, 'utf8').match(/\bepcsu_[a-z_]+/g));
    const dashboard = JSON.parse(readFileSync(new URL('../deploy/grafana/epcsu.json', import.meta.url), 'utf8')) as { panels: Array<{ targets: Array<{ expr: string }> }> };
    const shown = new Set(dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => target.expr.match(/\bepcsu_[a-z_]+/g) ?? [])));
    for (const name of rules) expect(shown, name).toContain(name);
    for (const name of shown) expect(sources, name).toContain(`'${name.replace(/_bucket$/, '')}'`);
  });

  it.skipIf(!promtool)('pass promtool check rules', () => {
    const out = execFileSync('promtool', ['check', 'rules', 'alerts.yml'], { cwd: DIR, encoding: 'utf8' });
    expect(out).toMatch(/SUCCESS: \d+ rules found/);
  });

  it.skipIf(!promtool)('pass promtool test rules (alerts.test.yml)', { timeout: 180_000 }, () => {
    const run = spawnSync('promtool', ['test', 'rules', 'alerts.test.yml'], { cwd: DIR, encoding: 'utf8' });
    expect(run.stdout + run.stderr).toContain('SUCCESS');
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });

  if (!promtool) it.skip('promtool is not installed (Debian: apt-get install prometheus): the rules were not checked', () => undefined);
});
