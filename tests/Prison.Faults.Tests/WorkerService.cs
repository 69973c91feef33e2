namespace Prison.Faults.Tests;

/// <summary>
/// A worker service as a separate process (`Prison.Worker.dll run`), as an orchestrator runs it: so that two of them
/// are really two processes with their own connections, and one can be killed without warning.
/// </summary>
public sealed class WorkerService : IAsyncDisposable
{
    private readonly ServiceProcess _process;

    private WorkerService(ServiceProcess process) => _process = process;

    public int ProcessId => _process.ProcessId;

    /// <summary>Where the service answers HTTP (its health endpoints), once started.</summary>
    public Uri Address => _process.Address;

    /// <summary>What the process records in reevaluation_batch.worker for the batches it ran.</summary>
    public string Name => $"{Environment.MachineName}:{_process.ProcessId}";

    /// <summary>Everything the process printed so far, for failure messages.</summary>
    public string Output => _process.Output;

    /// <summary>Starts the service and waits until its health endpoint says it is ready (its bus has bound its queues).</summary>
    public static async Task<WorkerService> StartAsync(string[] configuration) =>
        new(await ServiceProcess.StartAsync(WorkerProcess.Dll, ["run", .. configuration], new Dictionary<string, string>()));

    /// <summary>SIGKILL: no shutdown, no acknowledgement, as when a machine dies.</summary>
    public void Kill() => _process.Kill();

    public ValueTask DisposeAsync() => _process.DisposeAsync();
}
