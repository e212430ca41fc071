-- CreateTable
CREATE TABLE "FreeCheck" (
    "id" TEXT NOT NULL,
    "ipAddress" TEXT,
    "host" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "result" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FreeCheck_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FreeCheck_ipAddress_createdAt_idx" ON "FreeCheck"("ipAddress", "createdAt");

-- CreateIndex
CREATE INDEX "FreeCheck_host_createdAt_idx" ON "FreeCheck"("host", "createdAt");

-- CreateIndex
CREATE INDEX "FreeCheck_createdAt_idx" ON "FreeCheck"("createdAt");
