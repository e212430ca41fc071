import { z } from 'zod';
import { listBusinesses } from '~/domain/businesses.server';
import { json, readOnly, run, type ToolGroup } from './shared.server';

// list_businesses: the owner's businesses and their ids, which every other tool takes.

export const registerBusinessTools: ToolGroup = (server, user) => {
  server.registerTool(
    'list_businesses',
    {
      title: 'List businesses',
      description:
        "Lists the owner's businesses (id, name, website, industry, location), newest first, 50 a page. Use an id from here in every other tool. `query` keeps those whose name has words starting with the words given.",
      inputSchema: z.strictObject({
        query: z.string().trim().max(100).optional().describe('Words of the business name'),
        page: z.number().int().min(1).max(10_000).optional().describe('Page, from 1'),
      }),
      annotations: readOnly,
    },
    ({ query, page }) =>
      run(async () => {
        const result = await listBusinesses(user, {
          page: page ?? 1,
          perPage: 50,
          q: query,
          clampToLastPage: false,
        });
        return json({
          page: result.page,
          pageCount: result.pageCount,
          total: result.total,
          businesses: result.items.map((business) => ({
            id: business.id,
            name: business.name,
            website: business.website,
            industry: business.industry,
            location: business.location,
          })),
        });
      }),
  );
};
