-- Issue 29: the shop starts with synonyms useful for tools; the admin edits them
-- (PUT /api/search/synonyms).
INSERT INTO "search_synonyms" ("position", "terms") VALUES
  (1, ARRAY['vise', 'vice']),
  (2, ARRAY['wrench', 'spanner']),
  (3, ARRAY['hex key', 'allen key', 'allen wrench']),
  (4, ARRAY['screwdriver', 'turnscrew']),
  (5, ARRAY['pliers', 'plier']),
  (6, ARRAY['drill bit', 'bit']),
  (7, ARRAY['stainless', 'inox', 'a2']),
  (8, ARRAY['caliper', 'calliper']),
  (9, ARRAY['socket', 'bit socket']),
  (10, ARRAY['hacksaw', 'metal saw']),
  (11, ARRAY['snips', 'shears']),
  (12, ARRAY['gloves', 'gauntlets']),
  (13, ARRAY['disc', 'disk']),
  (14, ARRAY['bolt', 'screw']);
