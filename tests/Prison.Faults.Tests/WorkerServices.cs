namespace Prison.Faults.Tests;

/// <summary>Several worker processes started together, and all of them killed on dispose, even when one failed to start.</summary>
public sealed class WorkerServices : IAsyncDisposable
{
    private readonly List<WorkerService> _started = [];

    public IReadOnlyList<WorkerService> Started => _started;

    public static async Task<WorkerServices> StartAsync(int count, string[] configuration)
    {
        var services = new WorkerServices();
        var starting = Enumerable.Range(0, count).Select(_ => WorkerService.StartAsync(configuration)).ToList();
        try
        {
            await Task.WhenAll(starting);
        }
        catch
        {
            await Task.WhenAll(starting.Where(s => s.IsCompletedSuccessfully).Select(s => s.Result.DisposeAsync().AsTask()));
            throw;
        }

        services._started.AddRange(starting.Select(s => s.Result));
        return services;
    }

    /// <summary>One more, killed with the others.</summary>
    public async Task<WorkerService> AddAsync(string[] configuration)
    {
        var service = await WorkerService.StartAsync(configuration);
        _started.Add(service);
        return service;
    }

    public async ValueTask DisposeAsync() => await Task.WhenAll(_started.Select(s => s.DisposeAsync().AsTask()));
}
