namespace Prison.Web.Pages.Admin.Rules;

/// <summary>
/// The progress and outcome of evaluating one disabled rule over every prisoner: how many Not dangerous prisoners
/// it would make Dangerous. Written by one background task, read by the page polling it.
/// </summary>
public sealed class EnablePreview(string code, string reason)
{
    private int _total;
    private int _done;
    private int _wouldBecomeDangerous;
    private volatile bool _finished;
    private volatile string? _problem;

    public Guid Id { get; } = Guid.NewGuid();

    public string Code => code;

    /// <summary>The admin's reason, carried to the Apply form once the preview has finished.</summary>
    public string Reason => reason;

    public int Total => Volatile.Read(ref _total);

    public int Done => Volatile.Read(ref _done);

    public int WouldBecomeDangerous => Volatile.Read(ref _wouldBecomeDangerous);

    public bool Finished => _finished;

    public string? Problem => _problem;

    internal void Started(int total) => Volatile.Write(ref _total, total);

    internal void Evaluated(int prisoners, int wouldBecomeDangerous)
    {
        Interlocked.Add(ref _wouldBecomeDangerous, wouldBecomeDangerous);
        Interlocked.Add(ref _done, prisoners);
    }

    internal void Finish(string? problem = null)
    {
        _problem = problem;
        _finished = true;
    }
}
