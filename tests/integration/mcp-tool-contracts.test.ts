import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.DEMO_TRACKING = 'true';
});

import { seedDemoHistory } from '~/domain/tracking/rounds/demo-history.server';
import { ANSWERS_PAGE_MAX } from '~/http/mcp/tools/answers.server';
import { db } from '~/lib/db.server';
import { createUser } from './helpers';
import { connected, type Result } from './mcp-helpers';

// What a model sees of the tools and gets back, found wanting by the MCP Inspector, the official
// SDK clients and mcp-remote: every parameter described, list_answers' engine an enum that refuses
// what it cannot match, one range rule for both tools, compact text with structured content, no
// list_changed promised that is never sent. (DEMO_TRACKING: the Demo assistant's answers.)

async function ownerWithAnswers() {
  const owner = await createUser();
  await db.user.update({ where: { id: owner.id }, data: { subscriptionStatus: 'growth' } });
  const business = await db.business.create({
    data: { userId: owner.id, name: 'Harbor Dental', industry: 'Dentistry', location: 'Tampa, FL' },
  });
  await db.trackedPrompt.create({ data: { businessId: business.id, text: 'best dentist Tampa' } });
  await seedDemoHistory(business.id, { weeks: 2 });
  return { client: await connected(owner.id), businessId: business.id };
}

describe('tool schemas', () => {
  it('describes every parameter, lists the engines as an enum and advertises no list_changed', async () => {
    const client = await connected((await createUser()).id);
    const { tools } = await client.listTools();
    const undescribed = tools.flatMap((tool) =>
      Object.entries(
        (tool.inputSchema.properties ?? {}) as Record<string, { description?: string }>,
      )
        .filter(([, schema]) => !schema.description)
        .map(([name]) => `${tool.name}.${name}`),
    );
    expect(undescribed).toEqual([]);
    const answers = tools.find((tool) => tool.name === 'list_answers')!;
    const properties = answers.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(properties.engine!.enum).toEqual(['demo']);
    // Its description offers days: the schema takes them.
    expect(answers.description).toContain('days');
    expect(properties.days).toBeDefined();
    expect(properties.limit!.maximum).toBe(ANSWERS_PAGE_MAX);
    expect(client.getServerCapabilities()?.tools?.listChanged).not.toBe(true);
  });
});

describe('list_answers', () => {
  it('refuses an engine it cannot match, naming the allowed values', async () => {
    const { client, businessId } = await ownerWithAnswers();
    for (const engine of ['chatgpt', 'openai', 'DEMO']) {
      const result = (await client.callTool({
        name: 'list_answers',
        arguments: { businessId, engine },
      })) as Result;
      expect(result.isError, engine).toBe(true);
      expect(result.content[0]!.text).toContain('engine must be one of: demo');
    }
    const demo = (await client.callTool({
      name: 'list_answers',
      arguments: { businessId, engine: 'demo', days: 30 },
    })) as Result;
    expect(demo.isError).toBeFalsy();
    expect((demo.structuredContent!.answers as unknown[]).length).toBeGreaterThan(0);
  });

  it('answers compact text with the same value as structured content', async () => {
    const { client, businessId } = await ownerWithAnswers();
    const result = (await client.callTool({
      name: 'list_answers',
      arguments: { businessId, limit: ANSWERS_PAGE_MAX },
    })) as Result;
    const text = result.content[0]!.text;
    expect(text).not.toContain('\n');
    expect(JSON.parse(text)).toEqual(result.structuredContent);
    const over = (await client.callTool({
      name: 'list_answers',
      arguments: { businessId, limit: ANSWERS_PAGE_MAX + 1 },
    })) as Result;
    expect(over.isError).toBe(true);
  });
});

describe('ranges', () => {
  it('says a future from is in the future, and refuses from after to alike in both tools', async () => {
    const { client, businessId } = await ownerWithAnswers();
    const future = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const ahead = (await client.callTool({
      name: 'get_visibility',
      arguments: { businessId, from: future },
    })) as Result;
    expect(ahead.isError).toBe(true);
    expect(ahead.content[0]!.text).toContain('is after today');
    for (const name of ['get_visibility', 'list_answers']) {
      const backwards = (await client.callTool({
        name,
        arguments: { businessId, from: '2026-03-10', to: '2026-03-01' },
      })) as Result;
      expect(backwards.isError, name).toBe(true);
      expect(backwards.content[0]!.text).toBe(
        'from (2026-03-10) must be on or before to (2026-03-01).',
      );
    }
  });

  it('labels the figures simulated even for a range without answers', async () => {
    const { client, businessId } = await ownerWithAnswers();
    const empty = (await client.callTool({
      name: 'get_visibility',
      arguments: { businessId, from: '2020-01-01', to: '2020-01-31' },
    })) as Result;
    expect(empty.isError).toBeFalsy();
    expect(empty.structuredContent).toMatchObject({ simulated: true });
  });
});
