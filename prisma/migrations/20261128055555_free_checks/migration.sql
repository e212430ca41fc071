-- CreateTable
CREATE TABLE "FreeCheck" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ipAddress" TEXT,
    "host" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "result" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "FreeCheck_ipAddress_createdAt_idx" ON "FreeCheck"("ipAddress", "createdAt");

-- CreateIndex
CREATE INDEX "FreeCheck_host_createdAt_idx" ON "FreeCheck"("host", "createdAt");

-- CreateIndex
CREATE INDEX "FreeCheck_createdAt_idx" ON "FreeCheck"("createdAt");
