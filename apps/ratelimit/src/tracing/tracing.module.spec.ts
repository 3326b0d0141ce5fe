import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseSettings } from '../settings/settings';
import { TRACER_HOLDER } from './tracer-holder';
import { TracingLifecycle, TracingModule } from './tracing.module';

const holder = { provide: TRACER_HOLDER, useValue: { tracer: undefined, propagator: undefined } };

describe(TracingModule.name, () => {
  it('provides only the (idle) tracer unless TRACING_ENABLED', () => {
    assert.deepEqual(TracingModule.forRoot(parseSettings({}).tracing).providers, [holder]);
  });

  it('provides the tracing lifecycle with TRACING_ENABLED=true', () => {
    const { tracing } = parseSettings({ TRACING_ENABLED: 'true' });
    assert.deepEqual(TracingModule.forRoot(tracing).providers, [holder, TracingLifecycle]);
  });

  it('gives each app its own holder, so two apps in one process trace apart', () => {
    const { tracing } = parseSettings({ TRACING_ENABLED: 'true' });
    const holderOf = () => (TracingModule.forRoot(tracing).providers?.[0] as { useValue: object }).useValue;
    assert.notEqual(holderOf(), holderOf());
  });
});
