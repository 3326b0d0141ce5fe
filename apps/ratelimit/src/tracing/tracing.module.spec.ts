import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseSettings } from '../settings/settings';
import { activeTracing } from './active-tracing';
import { TRACER_HOLDER } from './tracer-holder';
import { TracingLifecycle, TracingModule } from './tracing.module';

const holder = { provide: TRACER_HOLDER, useValue: activeTracing };

describe(TracingModule.name, () => {
  it('provides only the (idle) tracer unless TRACING_ENABLED', () => {
    assert.deepEqual(TracingModule.forRoot(parseSettings({}).tracing).providers, [holder]);
  });

  it('provides the tracing lifecycle with TRACING_ENABLED=true', () => {
    const { tracing } = parseSettings({ TRACING_ENABLED: 'true' });
    assert.deepEqual(TracingModule.forRoot(tracing).providers, [holder, TracingLifecycle]);
  });
});
