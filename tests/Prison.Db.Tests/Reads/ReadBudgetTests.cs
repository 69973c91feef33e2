using Prison.Db.Reads;
using Prison.Db.Search;
using Prison.Domain;
using Prison.Web.Pages.Prisoners;
using Prison.Web.Pages.Prisons.ComingUp;
using Xunit.Abstractions;

namespace Prison.Db.Tests.Reads;

/// <summary>
/// The gate that keeps each page's read at the cost of what it shows: every read that a page makes over many
/// prisoners runs at two sizes of the same data (2,000 and 20,000 prisoners over four prisons, made set-based in SQL),
/// and the shared buffers its statement touches under EXPLAIN (ANALYZE, BUFFERS) stay within a budget and do not grow
/// with the prisoners. No clock: pages read, not milliseconds. A read that counts or scans the prison's prisoners
/// again (as the dashboard's Coming up count did, over every forecast within the span) reads about ten times the
/// pages at the larger size, and fails here.
/// </summary>
public class ReadBudgetTests(ReadBudgetTests.TwoSizes data, ITestOutputHelper output) : IClassFixture<ReadBudgetTests.TwoSizes>
{
    private static readonly DateTime InAWeek = DateTime.UtcNow.Date.AddDays(7);

    // Every forecast the seed stores falls within it: a page that read them all would read ten times as many at ten
    // times the prisoners.
    private static readonly DateTime InAMonth = DateTime.UtcNow.Date.AddDays(31);

    public static TheoryData<string, int> Reads() => new()
    {
        // read, budget in buffers at either size
        { "dashboard", 150 },
        { "dashboard poll, nothing changed", 16 },
        { "dangerous only", 260 },
        { "list, first page", 400 },
        { "list, a later page", 500 },
        { "coming up counts, every prison", 12 },
        { "coming up, first page", 250 },
        { "coming up, a later page", 250 },
        { "search", 700 },
        { "a prisoner's verdict", 10 },
    };

    [Theory]
    [MemberData(nameof(Reads))]
    public async Task A_pages_read_touches_a_bounded_number_of_buffers_that_does_not_grow_with_the_prisoners(string read, int budget)
    {
        var (small, _, _) = await BuffersAsync(data.Small, read);
        var (large, plan, text) = await BuffersAsync(data.Large, read);
        output.WriteLine($"{read}: {small} buffers at {TwoSizes.SmallSize:N0} prisoners, {large} at {TwoSizes.LargeSize:N0}; the plan at {TwoSizes.LargeSize:N0}:\n{plan}\nof the statement:\n{text}");

        Assert.InRange(small, 1, budget);
        Assert.InRange(large, 1, budget);
        // An index one level deeper, or a few more kept rows in a span (bounded by the days, not the prisoners), costs a
        // few pages more; reading in proportion to the prisoners costs about ten times as many.
        Assert.True(large <= (small * 2) + 10, $"{read}: {small} buffers at {TwoSizes.SmallSize:N0} prisoners, {large} at {TwoSizes.LargeSize:N0}");
    }

    private static async Task<(long Buffers, string Plan, string Text)> BuffersAsync(ScratchDatabase database, string read)
    {
        var buffers = new StatementBuffers();
        await using var db = database.Open(interceptors: buffers);
        switch (read)
        {
            case "dashboard":
                await db.DashboardAsync(1, default, InAWeek);
                break;
            case "dashboard poll, nothing changed":
                var stamp = (await db.DashboardAsync(1, default, InAWeek)).Stamp;
                buffers.Reset();
                Assert.Null((await db.DashboardIfChangedAsync(1, stamp, default, InAWeek)).Changed);
                break;
            case "dangerous only":
                await db.CurrentPrisonersAsync(1, DangerStatus.Dangerous, pageSize: DashboardReads.PageSize);
                break;
            case "list, first page":
                await db.CurrentPrisonersAsync(1, status: null);
                break;
            case "list, a later page":
                var first = await db.CurrentPrisonersAsync(1, status: null);
                var second = await db.CurrentPrisonersAsync(1, status: null, first.Next);
                buffers.Reset();
                await db.CurrentPrisonersAsync(1, status: null, second.Next);
                break;
            case "coming up counts, every prison":
                await db.ComingUpCountsAsync([1, 2, 3, 4], InAWeek);
                break;
            case "coming up, first page":
                // A page the smaller set fills too (it holds about 30 forecasts a prison), so both sizes show as many rows.
                Assert.Equal(20, (await db.ComingUpAsync(1, prisonIds: [1, 2], InAMonth, pageSize: 20)).Rows.Count);
                break;
            case "coming up, a later page":
                var firstForecasts = await db.ComingUpAsync(1, prisonIds: null, InAMonth, pageSize: 10);
                buffers.Reset();
                Assert.NotNull(firstForecasts.Next);
                await db.ComingUpAsync(1, prisonIds: null, InAMonth, firstForecasts.Next, pageSize: 10);
                break;
            case "search":
                await db.SearchAsync("name 1", prisonIds: null);
                break;
            case "a prisoner's verdict":
                await db.StoredVerdictAsync(TwoSizes.SomePrisoner, prisonIds: [1]);
                break;
            default:
                throw new ArgumentOutOfRangeException(nameof(read), read, "no such read");
        }

        Assert.Equal(1, buffers.Count);
        return (await buffers.MeasureAsync(database), buffers.LastPlan, buffers.LastText);
    }

    /// <summary>
    /// The same data at two sizes: prisoners over four prisons, a third each Dangerous, Not dangerous and Unknown, a
    /// fifth of one in five of the Not dangerous with a forecast on one of the next 30 days, arrivals spread over 1,000 days, search
    /// keys as the product writes them; vacuumed and analysed, as a database in service is.
    /// </summary>
    public sealed class TwoSizes : IAsyncLifetime
    {
        public const int SmallSize = 2_000;
        public const int LargeSize = 20_000;

        public static readonly Guid SomePrisoner = Guid.Parse("00000000-0000-4000-8000-000000000300");

        public ScratchDatabase Small { get; private set; } = null!;

        public ScratchDatabase Large { get; private set; } = null!;

        public async Task InitializeAsync()
        {
            Small = await SeedAsync(SmallSize);
            Large = await SeedAsync(LargeSize);
        }

        public async Task DisposeAsync()
        {
            await Small.DisposeAsync();
            await Large.DisposeAsync();
        }

        private static async Task<ScratchDatabase> SeedAsync(int prisoners)
        {
            var database = await ScratchDatabase.MigratedAsync(Engine.PostgreSql);
            await database.ExecuteAsync($"""
                INSERT INTO prison (id, code, name) SELECT i, 'P' || i, 'Prison ' || i FROM generate_series(1, 4) i;
                INSERT INTO rule_set_in_force (id, rule_set, changed_at) VALUES (1, 'test-rules', now());
                INSERT INTO prisoner (id, number, name, legal_status, change_version, changed_at, danger_status, danger_reasons,
                                      evaluated_version, evaluated_at, rule_set, forecast_at, forecast_status)
                SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 'B' || lpad(n::text, 6, '0'), 'Name ' || n, 'Convicted', 1, now(),
                       (ARRAY['Dangerous', 'NotDangerous', 'Unknown'])[1 + n % 3], CASE WHEN n % 3 = 0 THEN 'EscapeHistory' ELSE '' END,
                       CASE WHEN n % 3 <> 2 THEN 1 END, CASE WHEN n % 3 <> 2 THEN now() END, CASE WHEN n % 3 <> 2 THEN 'test-rules' END,
                       CASE WHEN n % 15 = 10 THEN date_trunc('day', now()) + ((n / 15) % 30) * interval '1 day' END,
                       CASE WHEN n % 15 = 10 THEN 'Dangerous' END
                FROM generate_series(1, {prisoners}) n;
                INSERT INTO imprisonment (id, prisoner_id, prison_id, arrival_date, arrival_reason)
                SELECT ('00000001-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid,
                       1 + n % 4, current_date - (n % 1000), 'NewReception'
                FROM generate_series(1, {prisoners}) n;
                INSERT INTO prisoner_search_key (prisoner_id, number_key, name_key, surname_key)
                SELECT id, lower(number), lower(name), split_part(lower(name), ' ', 2) FROM prisoner;
                """);
            await database.ExecuteAsync("VACUUM ANALYZE");
            return database;
        }
    }
}
