using System.Diagnostics;
using System.Globalization;
using Npgsql;

namespace Prison.Benchmarks.Data;

/// <summary>
/// N prisoners with full records, set-based on PostgreSQL: each table is one INSERT ... SELECT over
/// generate_series, every value a deterministic pseudo-random function of the row number (hashint8), so the same N
/// gives the same data. The shares are tuned so that every enabled rule fires for some prisoners and most prisoners
/// are not dangerous. Dates are relative to the day of generation, kept in the marker.
/// </summary>
public static class DataGenerator
{
    /// <summary>Bump when the generated data changes, so kept databases are generated again.</summary>
    public const int Version = 3;

    public const int PrisonCount = 20;

    public static async Task<bool> IsCurrentAsync(BenchDatabase database, CancellationToken cancellationToken)
    {
        await using var connection = database.Connect();
        await connection.OpenAsync(cancellationToken);
        await using var command = new NpgsqlCommand(
            "SELECT COUNT(*) FROM information_schema.tables WHERE table_name = 'bench_marker'", connection);
        if ((long)(await command.ExecuteScalarAsync(cancellationToken))! == 0)
        {
            return false;
        }

        await using var marker = new NpgsqlCommand("SELECT COUNT(*) FROM bench_marker WHERE generator_version = @v AND prisoners = @n", connection);
        marker.Parameters.AddWithValue("v", Version);
        marker.Parameters.AddWithValue("n", database.Prisoners);
        return (long)(await marker.ExecuteScalarAsync(cancellationToken))! == 1;
    }

    /// <summary>Empties the record tables and fills them again; returns the seconds it took.</summary>
    public static async Task<double> GenerateAsync(BenchDatabase database, CancellationToken cancellationToken)
    {
        var start = Stopwatch.GetTimestamp();
        var today = DateOnly.FromDateTime(DateTime.UtcNow).ToString("yyyy-MM-dd", CultureInfo.InvariantCulture);
        await using var connection = database.Connect();
        await connection.OpenAsync(cancellationToken);
        foreach (var statement in Statements(database.Prisoners, today))
        {
            await using var command = new NpgsqlCommand(statement, connection);
            await command.ExecuteNonQueryAsync(cancellationToken);
        }

        var seconds = Stopwatch.GetElapsedTime(start).TotalSeconds;
        await using var record = new NpgsqlCommand("ALTER TABLE bench_marker ADD COLUMN generation_seconds float8; UPDATE bench_marker SET generation_seconds = @s", connection);
        record.Parameters.AddWithValue("s", Math.Round(seconds, 1));
        await record.ExecuteNonQueryAsync(cancellationToken);
        return seconds;
    }

    private static IEnumerable<string> Statements(int n, string today)
    {
        yield return "SET synchronous_commit = off";
        yield return "DROP TABLE IF EXISTS bench_marker";
        // The product's triggers would update each prisoner once per collection filled (migration 010): off while the
        // tables fill, then one pass sets every prisoner's bits.
        yield return RecordPartsTriggers("DISABLE");
        yield return "TRUNCATE prison, prisoner, imprisonment, disciplinary_notice, charge, withdrawal_episode, request, court_hearing, detainer, segregation_period, escape_record, threat_group_membership, intelligence_report, drug_test, self_harm_watch, psychiatric_episode, medication_stop, visit_ban, contact_order_breach, reevaluation_run, reevaluation_batch CASCADE";
        // r(n, salt, m): a pseudo-random whole number in [0, m) from the row number; id(t, n): a uuid per table and row.
        yield return """
            CREATE OR REPLACE FUNCTION pg_temp.r(n bigint, salt int, m int) RETURNS int IMMUTABLE LANGUAGE sql
            AS $$ SELECT ((hashint8(n * 1009 + salt) & 2147483647) % m)::int $$
            """;
        yield return """
            CREATE OR REPLACE FUNCTION pg_temp.id(t int, n bigint) RETURNS uuid IMMUTABLE LANGUAGE sql
            AS $$ SELECT (lpad(to_hex(t), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid $$
            """;
        yield return $"""
            INSERT INTO prison (id, code, name)
            SELECT i, (ARRAY['RNDC','GRVC','AMKC'])[i], (ARRAY['Robert N. Davoren Center','George R. Vierno Center','Anna M. Kross Center'])[i]
            FROM generate_series(1, 3) i
            UNION ALL SELECT i, 'P' || lpad(i::text, 2, '0'), 'Benchmark prison ' || i FROM generate_series(4, {PrisonCount}) i
            """;
        yield return $"""
            INSERT INTO prisoner (id, number, name, date_of_birth, legal_status, security_category, change_version, changed_at)
            SELECT pg_temp.id(0, n), 'B' || lpad(n::text, 9, '0'),
                (ARRAY['James','Maria','Robert','Linda','Michael','Aisha','David','Rosa','Kevin','Tanya','Luis','Grace','Andre','Mei','Samuel','Olga'])[1 + pg_temp.r(n, 1, 16)]
                    || ' ' || (ARRAY['Smith','Garcia','Johnson','Lee','Brown','Rivera','Williams','Chen','Jones','Lopez','Davis','Khan','Miller','Santos','Wilson','Novak'])[1 + pg_temp.r(n, 2, 16)],
                DATE '{today}' - (18 * 365 + pg_temp.r(n, 3, 52 * 365)),
                CASE WHEN pg_temp.r(n, 4, 100) < 5 THEN 'Remand' WHEN pg_temp.r(n, 4, 100) < 8 THEN 'AwaitingTrial' ELSE 'Convicted' END,
                CASE WHEN pg_temp.r(n, 5, 1000) < 5 THEN 'A' WHEN pg_temp.r(n, 5, 1000) < 150 THEN 'B' WHEN pg_temp.r(n, 5, 1000) < 600 THEN 'C'
                     WHEN pg_temp.r(n, 5, 1000) < 950 THEN 'D' END,
                1, now()
            FROM generate_series(1, {n}) n
            """;
        // The current stay (90% of prisoners), then earlier stays, each ended before the next began. Offences are dated
        // before every stay, except 1% dated inside the current one (rule 40).
        yield return $"""
            INSERT INTO imprisonment (id, prisoner_id, prison_id, arrival_date, arrival_reason, left_on, sentence_months, life_sentence)
            SELECT pg_temp.id(1, n * 8), pg_temp.id(0, n), 1 + pg_temp.r(n, 6, {PrisonCount}), DATE '{today}' - pg_temp.r(n, 7, 2000),
                CASE WHEN pg_temp.r(n, 8, 100) < 85 THEN 'NewReception' WHEN pg_temp.r(n, 8, 100) < 97 THEN 'Transfer' ELSE 'DisciplinaryTransfer' END,
                NULL,
                CASE WHEN pg_temp.r(n, 4, 100) < 8 THEN NULL WHEN pg_temp.r(n, 9, 1000) < 5 THEN 0 ELSE 3 + pg_temp.r(n, 10, 100) * pg_temp.r(n, 11, 100) / 60 END,
                CASE WHEN pg_temp.r(n, 4, 100) < 8 THEN NULL ELSE pg_temp.r(n, 9, 1000) < 5 END
            FROM generate_series(1, {n}) n
            WHERE pg_temp.r(n, 12, 100) < 90
            """;
        yield return $"""
            INSERT INTO imprisonment (id, prisoner_id, prison_id, arrival_date, arrival_reason, left_on, sentence_months, life_sentence)
            SELECT pg_temp.id(1, n * 8 + k), pg_temp.id(0, n), 1 + pg_temp.r(n * 8 + k, 13, {PrisonCount}), a.arrival, 'NewReception', a.arrival + 10 + pg_temp.r(n * 8 + k, 15, 250), NULL, NULL
            FROM generate_series(1, {n}) n
            CROSS JOIN LATERAL generate_series(1,
                (CASE WHEN pg_temp.r(n, 16, 100) < 70 THEN 0 WHEN pg_temp.r(n, 16, 100) < 88 THEN 1 WHEN pg_temp.r(n, 16, 100) < 96 THEN 2
                      WHEN pg_temp.r(n, 16, 100) < 99 THEN 3 ELSE 4 END) + (CASE WHEN pg_temp.r(n, 12, 100) < 90 THEN 0 ELSE 1 END)) k
            CROSS JOIN LATERAL (SELECT DATE '{today}' - 2000 - k * 500 - pg_temp.r(n * 8 + k, 14, 200) AS arrival) a
            """;
        yield return $"""
            INSERT INTO charge (id, prisoner_id, offence, category, is_violent, outcome, offence_date)
            SELECT pg_temp.id(2, n * 8 + k), pg_temp.id(0, n), c.category || ' offence, indictment ' || (n * 8 + k), c.category,
                c.category IN ('Homicide', 'Sexual', 'HostageTaking') OR (c.category IN ('Robbery', 'Assault') AND pg_temp.r(n * 8 + k, 21, 20) < 3),
                CASE WHEN pg_temp.r(n, 4, 100) < 8 THEN 'Pending' WHEN k = 1 THEN 'Convicted'
                     WHEN pg_temp.r(n * 8 + k, 22, 10) < 6 THEN 'Convicted' WHEN pg_temp.r(n * 8 + k, 22, 10) < 8 THEN 'Acquitted' ELSE 'Dropped' END,
                CASE WHEN pg_temp.r(n * 8 + k, 23, 100) = 0 THEN DATE '{today}' - pg_temp.r(n * 8 + k, 24, 1 + pg_temp.r(n, 7, 2000))
                     ELSE DATE '{today}' - 4800 - pg_temp.r(n * 8 + k, 25, 3000) END
            FROM generate_series(1, {n}) n
            CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.r(n, 20, 2)) k
            CROSS JOIN LATERAL (SELECT CASE WHEN pg_temp.r(n * 8 + k, 26, 1000) < 8 THEN 'Homicide' WHEN pg_temp.r(n * 8 + k, 26, 1000) < 20 THEN 'Sexual'
                WHEN pg_temp.r(n * 8 + k, 26, 1000) < 25 THEN 'Arson' WHEN pg_temp.r(n * 8 + k, 26, 1000) < 28 THEN 'HostageTaking'
                WHEN pg_temp.r(n * 8 + k, 26, 1000) < 120 THEN 'Robbery' WHEN pg_temp.r(n * 8 + k, 26, 1000) < 250 THEN 'Assault'
                WHEN pg_temp.r(n * 8 + k, 26, 1000) < 500 THEN 'Drugs' WHEN pg_temp.r(n * 8 + k, 26, 1000) < 560 THEN 'Weapons'
                WHEN pg_temp.r(n * 8 + k, 26, 1000) < 850 THEN 'Property' ELSE 'Other' END AS category) c
            """;
        yield return $"""
            INSERT INTO disciplinary_notice (id, prisoner_id, date, type, description)
            SELECT pg_temp.id(3, n * 8 + k), pg_temp.id(0, n), DATE '{today}' - pg_temp.r(n * 8 + k, 31, 1100),
                CASE WHEN pg_temp.r(n * 8 + k, 32, 100) < 55 THEN 'Other' WHEN pg_temp.r(n * 8 + k, 32, 100) < 62 THEN 'AssaultOnStaff'
                     WHEN pg_temp.r(n * 8 + k, 32, 100) < 70 THEN 'AssaultOnPrisoner' WHEN pg_temp.r(n * 8 + k, 32, 100) < 75 THEN 'Weapon'
                     WHEN pg_temp.r(n * 8 + k, 32, 100) < 83 THEN 'MobilePhone' WHEN pg_temp.r(n * 8 + k, 32, 100) < 91 THEN 'Drugs'
                     WHEN pg_temp.r(n * 8 + k, 32, 100) < 99 THEN 'Threat' ELSE 'HostageTaking' END,
                'Reported by wing officer, notice ' || (n * 8 + k)
            FROM generate_series(1, {n}) n
            CROSS JOIN LATERAL generate_series(1, CASE WHEN pg_temp.r(n, 30, 100) < 75 THEN 0 WHEN pg_temp.r(n, 30, 100) < 88 THEN 1
                WHEN pg_temp.r(n, 30, 100) < 95 THEN 2 WHEN pg_temp.r(n, 30, 100) < 98 THEN 3 ELSE 5 END) k
            """;
        yield return $"""
            INSERT INTO request (id, prisoner_id, type, date, decision)
            SELECT pg_temp.id(4, n * 8 + k), pg_temp.id(0, n), (ARRAY['TemporaryLeave', 'Parole', 'Transfer', 'Visit'])[1 + pg_temp.r(n * 8 + k, 41, 4)],
                DATE '{today}' - pg_temp.r(n * 8 + k, 42, 365),
                CASE WHEN pg_temp.r(n * 8 + k, 43, 10) < 2 THEN 'Pending' WHEN pg_temp.r(n * 8 + k, 43, 10) < 7 THEN 'Granted' ELSE 'Denied' END
            FROM generate_series(1, {n}) n
            CROSS JOIN LATERAL generate_series(1, CASE WHEN pg_temp.r(n, 40, 100) < 85 THEN 0 WHEN pg_temp.r(n, 40, 100) < 95 THEN 1 ELSE 2 END) k
            """;
        yield return Periods("withdrawal_episode", "substance", "(ARRAY['opioids', 'alcohol', 'benzodiazepines', 'cocaine'])[1 + pg_temp.r(n, 52, 4)]", 5, 30, 400, 300, 60, n, today);
        yield return Periods("detainer", "authority", "(ARRAY['US Marshals', 'ICE', 'Nassau County', 'State of New Jersey'])[1 + pg_temp.r(n, 52, 4)]", 6, 20, 700, 500, 400, n, today);
        yield return Periods("segregation_period", "reason", "'Segregated for the safety of others'", 7, 30, 300, 200, 60, n, today);
        yield return Periods("visit_ban", "reason", "'Contraband passed during a visit'", 8, 20, 500, 300, 365, n, today);
        yield return Periods("self_harm_watch", null, null, 9, 20, 200, 250, 30, n, today);
        yield return $"""
            INSERT INTO threat_group_membership (id, prisoner_id, group_name, is_verified, start_date, end_date)
            SELECT pg_temp.id(10, n), pg_temp.id(0, n), (ARRAY['Bloods', 'Crips', 'Latin Kings', 'Trinitarios'])[1 + pg_temp.r(n, 61, 4)],
                pg_temp.r(n, 62, 10) < 6, DATE '{today}' - pg_temp.r(n, 63, 3000),
                CASE WHEN pg_temp.r(n, 64, 10) < 7 THEN NULL ELSE DATE '{today}' - pg_temp.r(n, 63, 3000) + pg_temp.r(n, 65, 1000) END
            FROM generate_series(1, {n}) n WHERE pg_temp.r(n, 60, 1000) < 40
            """;
        yield return $"""
            INSERT INTO court_hearing (id, prisoner_id, date, court)
            SELECT pg_temp.id(11, n), pg_temp.id(0, n), DATE '{today}' - 60 + pg_temp.r(n, 71, 120), 'Bronx Supreme Court, part ' || pg_temp.r(n, 72, 90)
            FROM generate_series(1, {n}) n WHERE pg_temp.r(n, 70, 1000) < 100
            """;
        yield return $"""
            INSERT INTO escape_record (id, prisoner_id, date, kind)
            SELECT pg_temp.id(12, n), pg_temp.id(0, n), DATE '{today}' - pg_temp.r(n, 81, 7000), (ARRAY['Escape', 'AttemptedEscape', 'Absconded'])[1 + pg_temp.r(n, 82, 3)]
            FROM generate_series(1, {n}) n WHERE pg_temp.r(n, 80, 1000) < 15
            """;
        yield return $"""
            INSERT INTO intelligence_report (id, prisoner_id, date, grade, summary)
            SELECT pg_temp.id(13, n), pg_temp.id(0, n), DATE '{today}' - pg_temp.r(n, 91, 730),
                CASE WHEN pg_temp.r(n, 92, 100) < 55 THEN 'Low' WHEN pg_temp.r(n, 92, 100) < 85 THEN 'Medium' ELSE 'High' END,
                'Source report on associations, reference ' || n
            FROM generate_series(1, {n}) n WHERE pg_temp.r(n, 90, 1000) < 80
            """;
        yield return $"""
            INSERT INTO drug_test (id, prisoner_id, date, result)
            SELECT pg_temp.id(14, n), pg_temp.id(0, n), DATE '{today}' - pg_temp.r(n, 101, 365),
                CASE WHEN pg_temp.r(n, 102, 100) < 85 THEN 'Negative' WHEN pg_temp.r(n, 102, 100) < 95 THEN 'Failed' ELSE 'Refused' END
            FROM generate_series(1, {n}) n WHERE pg_temp.r(n, 100, 1000) < 200
            """;
        yield return $"""
            INSERT INTO psychiatric_episode (id, prisoner_id, date, is_violent, note)
            SELECT pg_temp.id(15, n), pg_temp.id(0, n), DATE '{today}' - pg_temp.r(n, 111, 1000), pg_temp.r(n, 112, 10) < 3, 'Assessed by the mental health team'
            FROM generate_series(1, {n}) n WHERE pg_temp.r(n, 110, 1000) < 30
            """;
        yield return $"""
            INSERT INTO medication_stop (id, prisoner_id, date, medication, is_antipsychotic, stopped_by_prisoner)
            SELECT pg_temp.id(16, n), pg_temp.id(0, n), DATE '{today}' - pg_temp.r(n, 121, 365),
                (ARRAY['olanzapine', 'sertraline', 'risperidone', 'lithium'])[1 + pg_temp.r(n, 122, 4)],
                pg_temp.r(n, 122, 4) IN (0, 2), pg_temp.r(n, 123, 2) = 0
            FROM generate_series(1, {n}) n WHERE pg_temp.r(n, 120, 1000) < 30
            """;
        yield return $"""
            INSERT INTO contact_order_breach (id, prisoner_id, date, description)
            SELECT pg_temp.id(17, n), pg_temp.id(0, n), DATE '{today}' - pg_temp.r(n, 131, 1000), 'Letter to the protected person'
            FROM generate_series(1, {n}) n WHERE pg_temp.r(n, 130, 1000) < 10
            """;
        yield return "SELECT record_parts_recount()";
        yield return RecordPartsTriggers("ENABLE");
        // That pass left a dead version of every prisoner: rewritten compactly, as the rows were first written.
        yield return "VACUUM FULL prisoner";
        yield return "ANALYZE";
        yield return $"CREATE TABLE bench_marker (generator_version integer NOT NULL, prisoners integer NOT NULL, generated_on date NOT NULL)";
        yield return $"INSERT INTO bench_marker VALUES ({Version}, {n}, DATE '{today}')";
    }

    private static string RecordPartsTriggers(string enableOrDisable) => $"""
        DO $$
        DECLARE
            t text;
        BEGIN
            FOREACH t IN ARRAY record_parts_tables() LOOP
                EXECUTE format('ALTER TABLE %I {enableOrDisable} TRIGGER %I', t, 'record_parts_on_' || t || '_insert');
            END LOOP;
        END
        $$
        """;

    /// <summary>A table of periods (start, end; NULL end = still going) for a share of prisoners, with one text column.</summary>
    private static string Periods(string table, string? textColumn, string? textValue, int tableNumber, int perMille, int startWithin, int openPerMille, int lastsUpTo, int n, string today)
    {
        var salt = 200 + (tableNumber * 10);
        var column = textColumn is null ? "" : $", {textColumn}";
        var value = textValue is null ? "" : $", {textValue}";
        return $"""
            INSERT INTO {table} (id, prisoner_id{column}, start_date, end_date)
            SELECT pg_temp.id({tableNumber + 20}, n), pg_temp.id(0, n){value}, DATE '{today}' - pg_temp.r(n, {salt + 1}, {startWithin}),
                CASE WHEN pg_temp.r(n, {salt + 2}, 1000) < {openPerMille} THEN NULL ELSE DATE '{today}' - pg_temp.r(n, {salt + 1}, {startWithin}) + 1 + pg_temp.r(n, {salt + 3}, {lastsUpTo}) END
            FROM generate_series(1, {n}) n WHERE pg_temp.r(n, {salt}, 1000) < {perMille}
            """;
    }
}
