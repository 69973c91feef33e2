using System.Collections.Concurrent;
using Prison.Db.Reads;
using Prison.ServiceDefaults;

namespace Prison.Web.Pages.Prisons.Dashboard;

/// <summary>
/// The prisons' dashboard stamps as this web process last read them, reused for a moment (<see cref="ReuseKey"/>,
/// half a second by default): between two changes every open screen of a prison asks the same question, and the answer
/// read for one answers the others. A poll whose page shows the stamp read less than that moment ago is answered 304
/// without a statement; any other poll asks the database, one statement, and its answer is remembered. So the database
/// answers at most about one poll per prison and moment in each web process, however many screens are open, and a
/// change reaches an open page at most that moment later than without it.
/// </summary>
public sealed class DashboardStamps(TimeProvider clock, TimeSpan reuseFor)
{
    public const string ReuseKey = "Dashboard:StampReuse";

    public static readonly TimeSpan DefaultReuse = TimeSpan.FromMilliseconds(500);

    private readonly ConcurrentDictionary<int, (DashboardStamp Stamp, long ReadAt)> _read = new();

    public TimeSpan ReuseFor => reuseFor;

    public static DashboardStamps From(IConfiguration configuration, TimeProvider clock) => new(clock, ReuseFrom(configuration));

    /// <summary>
    /// <see cref="ReuseKey"/>: a time span from zero (read the stamp for every poll) to five seconds. Read when web is
    /// built, so that a value it cannot use stops the start with one sentence.
    /// </summary>
    public static TimeSpan ReuseFrom(IConfiguration configuration) =>
        TimeSpanSetting.Read(configuration, ReuseKey, TimeSpan.Zero, TimeSpan.FromSeconds(5), DefaultReuse);

    /// <summary>The moment a read of the database starts: what it reads is as new as that, and no newer.</summary>
    public long Now() => clock.GetTimestamp();

    /// <summary>Whether <paramref name="prisonId"/>'s stamp, read less than the reuse moment ago, is <paramref name="stamp"/>.</summary>
    public bool Stands(int prisonId, DashboardStamp stamp) =>
        _read.TryGetValue(prisonId, out var last) && last.Stamp == stamp && clock.GetElapsedTime(last.ReadAt) < reuseFor;

    /// <summary>Remembers a stamp read by a statement that started at <paramref name="readAt"/>, unless a later read's is remembered.</summary>
    public void Remember(int prisonId, DashboardStamp stamp, long readAt) =>
        _read.AddOrUpdate(prisonId, (stamp, readAt), (_, last) => last.ReadAt > readAt ? last : (stamp, readAt));
}
