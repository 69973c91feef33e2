using System.Data.Common;
using Microsoft.EntityFrameworkCore.Diagnostics;

namespace Prison.Db.Tests.Reads;

/// <summary>Runs <paramref name="meanwhile"/> once, on its own connection, when the context's first statement has run and its rows are being read.</summary>
internal sealed class AfterFirstStatement(Func<Task> meanwhile) : DbCommandInterceptor
{
    public bool Ran { get; private set; }

    public override async ValueTask<DbDataReader> ReaderExecutedAsync(
        DbCommand command, CommandExecutedEventData eventData, DbDataReader result, CancellationToken cancellationToken = default)
    {
        if (!Ran)
        {
            Ran = true;
            await meanwhile();
        }

        return result;
    }
}
