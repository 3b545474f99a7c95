/**
 * The statements that add landed sale lines to the read-side tables, in the importer's transaction:
 * sales_rollups (the /sales grain), sales_filter_choices (the page's filter lists),
 * sales_rollup_counts (the page's count), sales_monthly (totals), stream_daily and its sums per
 * country and per track (stream_country_daily, stream_track_daily: trends).
 * One place, so the import and the benchmark that stands in for it run the same SQL.
 */

/** `FROM` a table of single lines (the review list's, sales_import_lines) as rollup input: each line counts once. */
export function linesAsGroups(table: 'sales_import_lines'): string {
  return `FROM (SELECT t.*, 1 AS line_count FROM ${table} t) l`;
}

/** The lines that count as streams (stream_daily and its per-country and per-track sums). */
const STREAMED = 'l.track_id IS NOT NULL AND l.outlet_id IS NOT NULL AND l.country_code IS NOT NULL';

/**
 * The statements, in order, for the lines chosen by `from` ("FROM <table> l WHERE ..." with its own
 * $n parameters): every statement takes the same parameters. Nothing is rebuilt: each adds. The rows
 * may be sums of lines (sales_import_groups, the importer's): `l.line_count` says how many lines each
 * stands for; single lines give 1 (`linesAsGroups`).
 *
 * The first statement upserts the rollups and, from the rows it returns (their final names and
 * titles; `xmax = 0` marks a row this statement created), adds the filter choices it has not seen
 * (ON CONFLICT DO NOTHING) and counts each created row once under ALL and under each of its key
 * parts (release, service, track, country), which never change once a row exists. The artist is not
 * a key part (an empty name can be filled later), so artist filters are counted from the rollups.
 */
export function rollupStatements(from: string): string[] {
  return [
    `WITH up AS (
       INSERT INTO sales_rollups AS r (user_id, period, service_name, release_id, track_id, country_code, artist_name, release_title, track_title, units, payable, line_count)
       SELECT l.user_id, l.period, l.service_name, COALESCE(l.release_id, ''), COALESCE(l.track_id, ''), COALESCE(l.country_code, ''),
         COALESCE(MAX(l.artist_name), ''), COALESCE(MAX(l.release_title), ''), COALESCE(MAX(l.track_title), ''), SUM(l.units), SUM(l.payable), SUM(l.line_count)
       ${from}
       GROUP BY l.user_id, l.period, l.service_name, COALESCE(l.release_id, ''), COALESCE(l.track_id, ''), COALESCE(l.country_code, '')
       ON CONFLICT (user_id, period, service_name, release_id, track_id, country_code) DO UPDATE SET
         units = r.units + EXCLUDED.units, payable = r.payable + EXCLUDED.payable, line_count = r.line_count + EXCLUDED.line_count,
         artist_name = CASE WHEN r.artist_name = '' THEN EXCLUDED.artist_name ELSE r.artist_name END,
         release_title = CASE WHEN r.release_title = '' THEN EXCLUDED.release_title ELSE r.release_title END,
         track_title = CASE WHEN r.track_title = '' THEN EXCLUDED.track_title ELSE r.track_title END
       RETURNING r.user_id, r.period, r.service_name, r.release_id, r.track_id, r.country_code, r.artist_name, r.release_title, r.track_title, (r.xmax = 0) AS fresh
     ), choices AS (
       INSERT INTO sales_filter_choices (user_id, dimension, value, label)
       SELECT user_id, 'ARTIST'::sales_dimension, artist_name, artist_name FROM up WHERE artist_name <> '' GROUP BY user_id, artist_name
       UNION ALL SELECT user_id, 'RELEASE'::sales_dimension, release_id, MAX(release_title) FROM up WHERE release_id <> '' GROUP BY user_id, release_id
       UNION ALL SELECT user_id, 'SERVICE'::sales_dimension, service_name, service_name FROM up GROUP BY user_id, service_name
       UNION ALL SELECT user_id, 'TRACK'::sales_dimension, track_id, MAX(track_title) FROM up WHERE track_id <> '' GROUP BY user_id, track_id
       ON CONFLICT (user_id, dimension, value) DO NOTHING
     )
     INSERT INTO sales_rollup_counts AS c (user_id, dimension, value, period, row_count)
     SELECT up.user_id, d.dimension, d.value, up.period, COUNT(*)
     FROM up CROSS JOIN LATERAL (VALUES ('ALL'::sales_dimension, ''::text), ('RELEASE', up.release_id), ('SERVICE', up.service_name), ('TRACK', up.track_id), ('COUNTRY', up.country_code::text)) AS d(dimension, value)
     WHERE up.fresh AND (d.dimension = 'ALL' OR d.value <> '')
     GROUP BY up.user_id, d.dimension, d.value, up.period
     ON CONFLICT (user_id, dimension, value, period) DO UPDATE SET row_count = c.row_count + EXCLUDED.row_count`,
    `INSERT INTO sales_monthly AS m (user_id, period, units, payable, line_count)
     SELECT l.user_id, l.period, SUM(l.units), SUM(l.payable), SUM(l.line_count) ${from} GROUP BY l.user_id, l.period
     ON CONFLICT (user_id, period) DO UPDATE SET units = m.units + EXCLUDED.units, payable = m.payable + EXCLUDED.payable, line_count = m.line_count + EXCLUDED.line_count`,
    `INSERT INTO stream_daily AS s (date, user_id, release_id, track_id, outlet_id, country_code, quantity)
     SELECT l.report_date, l.user_id, l.release_id, l.track_id, l.outlet_id, l.country_code, SUM(l.units)::int
     ${from} AND ${STREAMED}
     GROUP BY l.report_date, l.user_id, l.release_id, l.track_id, l.outlet_id, l.country_code
     ON CONFLICT (track_id, date, outlet_id, country_code) DO UPDATE SET quantity = s.quantity + EXCLUDED.quantity`,
    `INSERT INTO stream_country_daily AS s (user_id, date, country_code, quantity)
     SELECT l.user_id, l.report_date, l.country_code, SUM(l.units)
     ${from} AND ${STREAMED}
     GROUP BY l.user_id, l.report_date, l.country_code
     ON CONFLICT (user_id, date, country_code) DO UPDATE SET quantity = s.quantity + EXCLUDED.quantity`,
    `INSERT INTO stream_track_daily AS s (user_id, date, track_id, quantity)
     SELECT l.user_id, l.report_date, l.track_id, SUM(l.units)
     ${from} AND ${STREAMED}
     GROUP BY l.user_id, l.report_date, l.track_id
     ON CONFLICT (user_id, date, track_id) DO UPDATE SET quantity = s.quantity + EXCLUDED.quantity`,
  ];
}
